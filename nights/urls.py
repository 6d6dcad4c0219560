"""The club night's pages (nights/views.py), included at the root by server/urls.py."""
from django.urls import path

from nights import views

urlpatterns = [
    path("night/", views.tonight, name="tonight"),
    path("night/open/", views.open_night, name="open_night"),
    path("night/tv/", views.tv, name="night_tv"),
    path("night/door/", views.door, name="night_door"),
    path("nights/<int:night_id>/", views.night, name="night"),
    path("nights/<int:night_id>/here/", views.here, name="night_here"),
    path("nights/<int:night_id>/present/", views.present, name="night_present"),
    path("nights/<int:night_id>/guest/", views.guest, name="night_guest"),
    path("nights/<int:night_id>/draw/", views.draw, name="night_draw"),
    path("nights/<int:night_id>/close/", views.close, name="night_close"),
]
