"""Built-in renderers: text (the default), markdown, csv and html."""
