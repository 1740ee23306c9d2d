"""Render: the Jinja environment, the theme chain and the message catalogs."""
