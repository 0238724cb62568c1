"""Share links: the Playground's state in the URL, and the other pages' links."""
