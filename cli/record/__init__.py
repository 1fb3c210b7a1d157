"""`ludolog record`: the electronic scoresheet (a local web page over a JSON API; docs/recording.md)."""
