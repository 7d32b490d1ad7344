"""``caddy publish``: an event as a static web site (:mod:`caddy.publish.site`)."""
