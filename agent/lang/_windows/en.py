"""English window words (see __init__)."""
WINDOWS = {
    "articles": [r"the"],
    "contrast": [r"vs\.?", r"versus", r"against", r"compared\s+(?:to|with)", r"and", r"or"],
    "regular_short": [r"(?:the\s+)?regular(?:\s+(?:trading\s+)?(?:hours|session))?", r"(?:the\s+)?session",
                      r"(?:the\s+)?day\s+session", r"(?:the\s+)?cash\s+hours"],
    "noon": [r"noon", r"midday"],
    "midnight": [r"midnight"],
    "am": [r"in\s+the\s+morning"],
    "pm": [r"in\s+the\s+(?:afternoon|evening)"],
}
