"""Spanish window words (see __init__)."""
WINDOWS = {
    "articles": [r"la", r"el", r"los", r"las"],
    "contrast": [r"frente\s+a(?:l)?", r"contra", r"vs\.?", r"comparad[oa]s?\s+con", r"y", r"o"],
    "regular_short": [r"(?:la\s+|el\s+)?(?:sesion|horario)\s+regular", r"(?:la\s+)?sesion(?:\s+diurna)?",
                      r"(?:el\s+)?regular"],
    "noon": [r"mediodia"],
    "midnight": [r"medianoche"],
    "am": [r"de\s+la\s+ma[nñ]ana"],
    "pm": [r"de\s+la\s+(?:tarde|noche)"],
}
