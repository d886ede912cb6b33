"""Cue words that decide the kind of question (concept, stats, comparison, count, follow-up)."""
from __future__ import annotations

import re

CONCEPT = re.compile(
    r"what\s+is|what's|what\s+are|what\s+does|meaning\s+of|(?<!\w)define|definition|explain|tell\s+me\s+about"
    r"|how\s+does\s+.{1,30}\s+work|how\s+is\s+.{1,30}\s+calculated|что\s+такое|что\s+значит|что\s+означает"
    r"|объясни|поясни|расскажи\s+(?:о|об|про)|как\s+работает|как\s+считается|что\s+это|que\s+es|que\s+son"
    r"|que\s+significa|explica|que\s+quiere\s+decir|como\s+funciona|definicion|(?<!\w)define")
EXPLAIN = re.compile(
    r"explain|what\s+(?:does\s+it|it)\s+means?|what\s+that\s+means|what\s+does\s+\S+(?:\s+\S+)?\s+(?:mean|stand\s+for)"
    r"|(?<!\w)define|объясни|поясни|расскажи"
    r"|что\s+это\s+значит|что\s+это\s+такое|что\s+он[ао]?\s+(?:значит|означает)|explica|que\s+significa"
    r"|que\s+es\s+eso")
STATS = re.compile(
    r"stat\w*|summary|overview|how\s+did|how\s+was|performance|статистик\w*|обзор|сводк\w*|итог\w*"
    r"|как\s+(?:себя\s+)?(?:вел|показал|прош[её]л)|estadistic\w*|resumen|como\s+le\s+fue|como\s+se\s+comporto"
    r"|rendimiento|desempeño|balance\s+de")
FOLLOWUP = re.compile(
    r"^\s*(?:and|what\s+about|how\s+about|same\s+for|now|а|и|а\s+что|а\s+как|теперь|y|que\s+tal|y\s+en"
    r"|ahora)(?!\w)")
ALL_HISTORY = re.compile(
    r"all\s+(?:the\s+)?(?:available\s+)?(?:data|history)|(?:the\s+)?(?:whole|entire|full)\s+(?:data\s*set|history|range)"
    r"|all[\s-]time|(?:за\s+)?вс[юеё]\s+(?:доступн\w+\s+)?(?:истори\w+|данн\w+|период\w*)|за\s+все\s+время"
    r"|tod[oa]s?\s+(?:el\s+|la\s+|los\s+)?(?:historic[oa]|historia|datos)(?:\s+disponibles)?|desde\s+siempre")
BEST_PERIOD = re.compile(
    r"(?:best|worst|strongest|weakest|лучш\w*|худш\w*|сильнейш\w*|слабейш\w*|mejor(?:es)?|peor(?:es)?)\s+"
    r"(?:\w+\s+)?(?P<u>months?|weeks?|quarters?|years?|месяц\w*|недел\w*|квартал\w*|год\w*|mes(?:es)?|semanas?"
    r"|trimestres?|años?)(?!\w)")
