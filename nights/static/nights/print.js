// The results' and the paper sheets' print button: the browser's own print dialog.
document.querySelectorAll("[data-print]").forEach((button) => {
  button.addEventListener("click", () => window.print());
});
