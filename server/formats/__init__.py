"""The club's own date formats, by language (settings.FORMAT_MODULE_PATH); what a language's
module here does not set is Django's."""
