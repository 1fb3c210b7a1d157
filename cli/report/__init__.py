"""The HTML report (ludolog report)."""
