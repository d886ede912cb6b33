"""Russian: see __init__."""
from typing import Any

NLU: dict[str, Any] = {
    # conditions.py: move words, thresholds, post-event windows, top-N largest moves
    "conditions": {
        "up": [r"рост\w*", r"росл\w*", r"рос(?:ла|ли)?\b", r"вырос\w*", r"подня\w*", r"подъем\w*", r"прибав\w*", r"повыш\w*",
               r"взлет\w*", r"взлете\w*", r"растущ\w*", r"укреп\w*", r"подорож\w*", r"вверх"],
        "down": [r"паден\w*", r"упал\w*", r"пада\w*", r"сниж\w*", r"снизил\w*", r"просел\w*", r"просад\w*", r"обвал\w*",
                 r"рухн\w*", r"потерял\w*", r"дешев\w*", r"красн\w*", r"хужш\w*", r"вниз"],
        "move": [r"движени\w*", r"изменени\w*", r"колебани\w*", r"скач\w*"],
        "percent": [r"процент\w*"],
        "gte": [r"(?:и|или)\s+(?:более|больше|выше)", r"не\s+менее", r"не\s+меньше", r"как\s+минимум", r"минимум",
                r"по\s+меньшей\s+мере", r"хотя\s+бы"],
        "gt": [r"больше", r"более", r"свыше", r"выше", r"сильнее"],
        "gap": [r"гэп\w*", r"геп\w*"],
        # дневной диапазон в процентах ("дни с диапазоном больше 1%")
        "range": [r"(?:дневн\w+\s+)?диапазон\w*", r"размах\w*", r"амплитуд\w*"],
        "at_most": [r"не\s+более", r"не\s+больше", r"как\s+максимум", r"максимум", r"или\s+меньше"],
        "less": [r"меньше", r"менее", r"ниже", r"уже"],
        # the unit of a window after the events ("через 5 торговых дней")
        "units": [r"торгов\w+\s+(?:дн\w+|день|сесси\w+)", r"дн\w+", r"день", r"сесси\w+", r"недел\w+", r"месяц\w*"],
        "unit_week": [r"недел"],
        "unit_month": [r"месяц"],
        # windows after the events, tried in order of the slot then of the language: {n} the count,
        # {u} the unit
        "horizon_counted": [
            r"(?:через|спустя|в\s+течение|за)\s+(?:следующ\w+\s+)?{n}\s+(?:следующ\w+\s+)?{u}",
            r"{n}\s+(?:следующ\w+\s+)?{u}\s+после",
            r"следующ\w+\s+{n}\s+{u}",
        ],
        "horizon_single": [r"(?:через|спустя|на\s+следующ\w+|в\s+следующ\w+|за\s+следующ\w+)\s+"
                           r"(?P<u>недел\w+|месяц\w*|день|дн\w+|сесси\w+)"],
        "horizon_a": [],
        # a window given on its own (often a reply to a clarification): "на 10 дней вперёд"
        "horizon_on": [r"(?<!\w)на\s+{n}\s+{u}\s+(?:вперед|после)"],
        "horizon_of": [r"горизонт\w*\s+(?:в\s+)?"],
        "horizon_window": [],
        # the span of the move itself ("упал на 3% за день")
        "span_percent": [r"процент\w*"],
        "span_in": [r"за"],
        "span_one": [r"один\s+", r"одн\w+\s+"],
        "span_day": [r"день", r"сесси\w*"],
        # top-N largest moves
        "superlative": [r"сам[оыа]\w*\s+(?:сильн|больш|крупн|резк|глубок|мощн|худш|лучш)\w*", r"сильнейш\w*", r"крупнейш\w*",
                        r"наибольш\w*", r"максимальн\w*", r"худш\w*", r"лучш\w*", r"топ", r"резчайш\w*"],
        "top_noun": [r"паден\w*", r"рост\w*", r"подъем\w*", r"взлет\w*", r"движени\w*", r"сниж\w*", r"обвал\w*",
                     r"дн(?:и|ей|я|ям|ях)", r"день", r"сесси\w*"],
        "top_of": [r"из\s+"],
        "count_trading": [r"торгов\w+\s+"],
        "count_days": [r"дн(?:ей|я)", r"сесси\w*"],
        "count_with": [r"с", r"со"],
        "count_article": [],
        "top_explicit": [r"топ", r"крупнейш", r"сильнейш"],
        "plural_endings": [r"ния", r"ий", r"ов", r"и", r"ы", r"ей"],
        "best": [r"лучш"],
        "worst": [r"худш", r"слабейш"],
        "and": [r"и"],
        "gains": [r"рост\w*"],
        "falls": [r"паден\w*"],
        "losses": [],
    },
    # tool_intents.py: the vocabulary of the questions a catalogue tool answers directly
    "tool_intents": {
        "watchlist": [r"вотч\s*-?\s*лист\w*", r"списк?\w*\s+наблюдени\w*", r"избранн\w*"],
        "add": [r"добав\w*", r"внеси\w*", r"включи\w*"],
        "remove": [r"удал\w*", r"убер\w*", r"убра\w*", r"исключ\w*"],
        "position": [r"размер\w*\s+позици\w*", r"сколько\s+(?:контракт\w*|акци\w*|лот\w*)"],
        "risk_reward": [r"риск\w*\s*[/-]?\s*(?:к\s+)?прибыл\w*", r"соотношени\w*\s+риск\w*"],
        "candles": [r"свеч\w*", r"бар\w*"],
        "price": [r"цен\w*", r"котировк\w*", r"сколько\s+стоит", r"почем", r"сейчас"],
        # number suffixes ("10к", "10 тыс", "1,5 млн")
        "thousand": [r"к", r"тыс\w*"],
        "million": [r"м", r"млн"],
        "entry": [r"вход\w*", r"цен\w+\s+вход\w*"],
        "entry_then": [r"в", r"по", r"на"],
        "stop": [r"стоп\w*(?:\s*-?\s*лосс\w*)?"],
        "target": [r"тейк\w*(?:\s*-?\s*профит\w*)?", r"цел\w*"],
        "level_then": [r"в", r"на", r"по"],
        "percent": [r"процент\w*"],
        "capital": [r"на", r"с", r"капитал\w*", r"депозит\w*", r"сч[её]т\w*"],
        "capital_of": [],
        "point_value": [r"стоимость\s+пункта"],
        # bar sizes, tried in the module's order (the first found wins)
        "timeframes": {
            "15m": [r"15\s*-?\s*мин\w*"],
            "5m": [r"5\s*-?\s*мин\w*"],
            "1m": [r"минутн\w*", r"1\s*мин\w*"],
            "4h": [r"4\s*-?\s*(?:ч|час\w*)"],
            "1h": [r"часов\w*", r"1\s*ч"],
            "1w": [r"недельн\w*"],
            "1d": [r"дневн\w*"],
        },
        "last_candles": [r"последн\w*"],
        "candle_units": [r"свеч\w*", r"бар\w*"],
        "last_days": [r"последн\w*", r"за"],
        "days": [r"дн\w*", r"дня", r"суток"],
        "last_day": [r"последн\w*"],
        "day_trading": [],
        "day": [r"день", r"сутки", r"сесси\w*"],
        "last_week": [r"последн\w*"],
        "week": [r"недел\w*"],
        # letters and words that show the language of a tool question no detector is sure of
        "letters": [r"[а-яё]"],
        "cues": [],
    },
    # memory_statements.py: statements of the user about themselves (remember / forget)
    "memory_statements": {
        "remember": [r"запомни\w*", r"учти\w*", r"имей\s+в\s+виду", r"заметь", r"отметь\s+себе", r"запиши\w*"],
        # "мой основной инструмент - SPY", either order
        "my": [r"мо[йяеи]"],
        "instruments": [r"инструмент\w*", r"тикер\w*", r"символ\w*", r"рын\w*", r"актив\w*", r"бумаг\w*", r"контракт\w*"],
        "and": [r"и", r"а"],
        "is": [r"это"],
        "is_after": [r"это"],
        "trade_verb": [r"я\s+(?:\w+\s+)?торгую"],
        "everything": [r"все", r"всё", r"обо\s+мне", r"про\s+меня"],
        # first-person statements of how one trades: a lead word, the subject or a frequency adverb
        # (or a first-person verb), then the verb
        "lead_and": [r"и", r"а", r"также"],
        "question_words": [r"где", r"как", r"что", r"когда", r"почему"],
        "subject": [r"я"],
        "adverbs": [r"обычно", r"в\s+основном", r"чаще\s+всего"],
        "first_person_verbs": [r"торгую", r"слежу", r"смотрю", r"работаю", r"скальпирую"],
        "self_trade": [r"торгую", r"трейдер\w*", r"скальп\w*", r"инвест\w*", r"свинг\w*", r"дейтрейд\w*", r"интрадей\w*"],
        "self_follow": [r"слежу", r"смотрю", r"работаю"],
        "forget": [r"забудь\w*", r"забыть"],
        "intraday": [r"внутри\s+дня", r"интрадей\w*", r"внутридн\w*", r"дейтрейд\w*"],
        # what a forget statement names, tried in the module's order
        "forget_kinds": {
            "preferences": [r"обычн\w*", r"основн\w*", r"символ\w*", r"инструмент\w*", r"тикер\w*"],
            "style": [r"стил\w*", r"внутри\s+дня", r"интрадей\w*", r"внутридн\w*", r"свинг\w*", r"скальп\w*", r"инвест\w*",
                      r"долгосро\w*"],
            "notes": [r"замет\w*"],
            "favorites": [r"избранн\w*"],
            "questions": [r"вопрос\w*"],
            "strategies": [r"стратеги\w*"],
        },
    },
    # periods.py: quarter and half ordinals, the words that mark a quarter, a half, a session
    "periods": {
        # the stems of the 1st..4th ordinal (a longer word starting with a stem reads the same)
        "ordinal_stems": [[r"перв"], [r"втор"], [r"трет"], [r"четверт"]],
        "last_part": [r"последн"],
        "quarter": [r"квартал", r"кв(?:\.|(?!\w))"],
        "quarter_ordinals": [r"перв", r"втор", r"трет", r"четверт"],
        "half": [r"полугоди", r"половин"],
        "half_ordinals": [r"перв", r"втор"],
        # "в первой и второй половине января"
        "coord_first": [r"перв\w*"],
        "coord_and": [r"и", r"или", r"против"],
        "coord_article": [],
        "coord_second": [r"втор\w*"],
        "coord_halves": [r"половин\w*"],
        "coord_of": [],
        "session_words": [r"дн", r"день", r"сесси"],
        "last_week": [r"последн"],
        "between": [r"между"],
        # a comparison connective ending in a word that also opens a range ("по сравнению с"): the
        # date after it is the compared period (compared.py)
        "compare_lead": [r"по\s+сравнению", r"в\s+сравнении", r"сравн\w*", r"в\s+сопоставлении", r"сопостав\w*"],
    },
    # volume_rank.py: the days ranked by volume ("три дня с наименьшим объемом")
    # range_rank.py: дни по их диапазону ("день с наибольшим диапазоном", "самый большой дневной диапазон")
    "range_rank": {
        "patterns": [
            r"(?:(?P<n>{COUNT})\s+)?(?:(?P<noun>дн\w*|день|сесси\w*)\s+(?:с\s+)?)?(?:самы\w+\s+)?(?:наибольш\w*|максимальн\w*|больш\w*|широк\w*|крупн\w*)\s+(?:дневн\w+\s+|внутридневн\w+\s+)?(?:диапазон\w*|размах\w*|амплитуд\w*)",
        ],
        "plural_days": [r"дни", r"дня", r"дней", r"сессии", r"сессий", r"диапазоны"],
    },
    "volume_rank": {
        "up": [r"наибольш\w*", r"максимальн\w*", r"самы\w+\s+больш\w*"],
        "down": [r"наименьш\w*", r"минимальн\w*", r"самы\w+\s+(?:мал\w*|низк\w*)"],
        "volume_lead": [],
        "volume": [r"объем\w*"],
        "day": [r"(?:торгов\w+\s+)?(?:день|дн(?:я|ей|и)|сесси\w*)"],
        # what a volume word names when it is not the day's ("объем по ценам", "объем по часам")
        "not_days": [r"цен\w*", r"уров\w*", r"час\w*"],
        "lead_article": [],
        "lead_with": [r"с", r"со"],
        "with_article": [],
        "rank_article": [],
        "top": [r"топ"],
        "by": [r"по"],
        "ranked": [r"отсортированн\w*"],
        # an adjective of volume before the day ("самые объёмные дни")
        "most_adj": [r"самы\w+", r"наиболее", r"наименее"],
        "least_adj": [r"наименее"],
        "voluminous": [r"объ[её]мн\w+"],
        "plural_days": [r"дн(?:ей|и)", r"дня", r"сесси[йи]"],
        "singular_day": [r"день"],
    },
    # clarify.py: clarifying questions and the suggested answers built around them
    "clarify": {
        "questions": {
            "symbol": "Какой инструмент?",
            "period": "За какой период?",
            "threshold": "Какое движение считать большим и в какую сторону (например, рост больше 3% за день)?",
            "condition": "Рост или падение? Условию нужно направление.",
        },
        # a suggested condition ({s} the symbol's prefix, {t} the threshold): with the window after
        # the events (move), or alone (event)
        "move": {"rise": "{s}рост больше {t}% за день, через 5 торговых дней",
                 "fall": "{s}падение больше {t}% за день, через 5 торговых дней"},
        "event": {"rise": "{s}рост больше {t}% за день", "fall": "{s}падение больше {t}% за день"},
        "gap_event": {"rise": "{s}гэп вверх больше {t}%", "fall": "{s}гэп вниз больше {t}%"},
        "last_month": "за прошлый месяц",
        "nothing_new": "Что изменить в прошлом вопросе: инструмент, период или показатель?",
    },
    # followup_days.py: a follow-up naming only a day ("а 28-го?") or an ordinal part ("а за
    # вторую?") of the previous period
    "followup_days": {
        "day_patterns": [r"(?<![\w.,])(\d{1,2})\s*-?\s*(?:го|е|ое|ого|му|м)(?!\w)",   # 28-го, 28-е
                         r"(?<![\w.,])(\d{1,2})\s+числ\w*"],                        # 28 числа
        # the 1st..5th written as words (any case or gender)
        "ordinals": [[r"перв\w*"], [r"втор\w*"], [r"трет\w*"], [r"четв[её]рт\w*"], [r"пят(?:ая|ую|ой|ый|ом|ое)"]],
        "day_words": [r"числ\w*"],
    },
    # followup_shifts.py: a follow-up moving the previous period ("а на следующий день?", "а за весь
    # месяц?"); "прошлый" counts back from today (the period grammar's), never from the period asked
    "followup_shifts": {
        "next": [r"следующ\w*", r"после\w*", r"позже", r"спустя", r"через"],
        "prev": [r"предыдущ\w*", r"предшеств\w*", r"раньше", r"ранее", r"накануне"],
        "whole": [r"весь", r"всю", r"вся", r"целый", r"целую", r"целиком"],
        "units": {
            "day": [r"день", r"дня", r"дн[её]м", r"сутки", r"сессию", r"сессия"],
            "week": [r"недел\w*"],
            "month": [r"месяц\w*"],
            "quarter": [r"квартал\w*"],
            "year": [r"год\w*", r"лет"],
        },
    },
    # ref_days.py: days of the period talked about ("and only the 1st to the 5th?")
    "ref_days": {
        "day_suffixes": ["-?(?:го|е|ое)"],
        # the week ordinals by their start ("first", "первую", "primera")
        "week_ordinals": [["перв"], ["втор"], ["трет"], ["четв"]],
        # "the first 5 sessions" counts trading dates (a unit starting so), else calendar days
        "session_units": ["торгов", "сесси"],
        "second_half": ["втор"],
    },
    # coverage.py: the words a question may leave unused, the moves a period word implies, the notes
    "coverage": {
        # function words, question words, generic verbs and politeness: using them or not changes nothing
        "stopwords": (
            "и в во на по за от до из с со у к о об про а но или что как какой какая какое какие каким какова "
            "каков каковы был была было были есть будет это этот эта эти тот та те то мне мой моя мои я ты вы мы "
            "покажи покажите дай дайте скажи скажите подскажи подскажите найди посчитай рассчитай нужно надо хочу "
            "можно пожалуйста ли же бы не ни уже ещё еще всё все весь вся всего очень сколько также тоже данные "
            "данных цена цены цену ценой инструмент инструмента тикер тикера рынок рынка индекс индекса период "
            "периода периоде время день дня дней дни году год года лет месяц месяца месяце неделя недели неделю "
            "был было вообще там тут какие-нибудь чем чему кого который которая которые его её их ее было стало "
            "произошло случилось происходило значит означает годах годы годов годам лет попробуй попробуйте когда "
            "где почему зачем куда откуда там тут здесь так тоже было имел имела имело имели какого какой каком "
            "какую какими делал делала делало делали делает делают делать сделал сделала сделало сделали он она "
            "оно они ним ней нём нем ними него нее неё"
        ),
        "letters": "а-я",
        # a period word that says the move is measured over it ("daily", "за день"), counted as used
        "implied": [r"дневн\w*", r"ежедневн\w*", r"однодневн\w*", r"за\s+день", r"годов\w*", r"месячн\w*", r"недельн\w*", r"изменил\w*", r"вырос\w*", r"упал\w*"],
        "notes": {
            "unused": "Я не учёл: {w}.",
            # measures recognised but computed by nothing: named, never dropped in silence
            "not_computed": "Здесь не считается: {w}.",
            "read_as": "Я прочитал {pairs}.",
            "read_pair": "«{a}» как «{b}»",
        },
    },
    # notes.py: sentences added to an answer for parts declined for want of data
    "notes": {
        "no_data": "Без ответа для {what}: данных нет ({ranges}).",
        "range": "по {s} есть с {a} по {b}",
        "in": "{s} за {p}",
        "only_last": "Сравниваются только последние {n} периодов (с {d}).",
        # a bar size that bars are not built at (7 minutes) is said, with the size used instead
        "bar_size": "Бары по {n} минут не строятся; использованы {m}-минутные бары.",
        "daily_window": "{names} считается по дневным барам: окно времени суток к нему не применяется.",
    },
    # price_levels.py: a price level a count of days is filtered by ("дни выше 3 000")
    "price_levels": {
        # what a number is when it is no level: a percent, points, a count of days
        "not_level": [r"процент", r"пункт", r"дн"],
        # the words that make a year-like number a level ("выше 2019")
        "strong": [r"выше", r"ниже", r"свыше"],
        "ask": "Я могу считать дни по процентному изменению (например, дни с ростом больше 2 %) или по "
               "закрытию, максимуму или минимуму относительно цены, но не по движению в пунктах ({lvl}). "
               "Какое процентное движение посчитать?",
        # сторона уровня и цена дня, которую с ним сравнивают ("закрылся выше 520", "торговался ниже 500")
        "below": [r"ниже", r"меньше", r"менее"],
        "not_below": [r"не\s+(?:ниже|меньше|менее)"],
        "not_above": [r"не\s+(?:выше|больше|более)"],
        "intraday": [r"торговал\w*", r"торговался", r"достига\w*", r"достиг\w*", r"доход\w*", r"дош\w*",
                     r"каса\w*", r"коснул\w*", r"пробива\w*", r"пробил\w*", r"опуска\w*", r"опуст\w*",
                     r"поднима\w*", r"подня\w*", r"уход\w*", r"ушел", r"ушла"],
        "close": [r"закры\w*", r"заверш\w*", r"закончи\w*"],
    },
    # resumes.py: short answers to what the assistant offered
    "resumes": {
        "yes": [r"да", r"давай", r"ага", r"конечно", r"хорошо", r"ок", r"угу", r"да,?\s+пожалуйста"],
        "yes_tail": [r"пожалуйста", r"спасибо"],
        "available": [r"доступн\w+\s+(?:данн\w+|период\w*|диапазон\w*)"],
        "another": [r"друг\w+\s+(?:инструмент\w*|тикер\w*|символ\w*|актив\w*)"],
    },
    # analyses.py: "how did it do" after an event; the term after "what is"
    "analyses": {
        "how_did": [r"как\s+(?:себя\s+)?(?:вел|показал|прош)"],
        "concept_lead": [r"что\s+такое", r"что\s+значит", r"что\s+означает", r"объясни(?:те)?"],
        "concept_article": [],
    },
    # shaping.py: the units best periods are compared by ("лучший квартал")
    "shaping": {
        "quarter": [r"квартал"],
        "year": [r"год"],
        "month": [r"месяц", r"месячн"],
    },
    # to_intent.py: a large move's span said as a day or a week ("рост на 15% за день")
    "to_intent": {
        "span_day": [r"дневн\w*", r"за\s+(?:один\s+)?день", r"в\s+день", r"однодневн\w*"],
        "span_week": [r"за\s+неделю", r"недельн\w*"],
    },
    # understand.py: the clarification naming the words read as nothing
    "understand": {
        "not_read": "Я не понял: {w}. Какой инструмент и период, и что о них узнать?",
    },
    # year_to_date.py: the words between a to-date phrase and its year
    "year_to_date": {
        "of": [r"в", r"за"],
    },
    # magnitude.py: how much the instrument moved ("сколько процентов потерял", "насколько упал"):
    # the period's change, never a count of days; a day noun after the question word keeps the count
    "magnitude": {
        "lead": [r"сколько", r"насколько", r"как\w*\s+процент\w*"],
        "pct_units": [r"процентн\w+\s+пункт\w*", r"процент\w*"],
        "point_units": [r"пункт\w*"],
        "verbs": [r"заработал\w*", r"потерял\w*", r"прибавил\w*", r"добавил\w*", r"дал(?:а|о|и)?", r"принес\w*",
                  r"скинул\w*", r"сбросил\w*", r"подешевел\w*", r"подорожал\w*", r"изменил\w*", r"сдвинул\w*",
                  r"отыграл\w*", r"уронил\w*"],
        "count_nouns": [r"дн(?:и|ей|я|ям|ях)", r"день", r"сесси\w*", r"раз(?:а)?", r"недел\w*", r"месяц\w*",
                        r"свеч\w*", r"бар\w*", r"торгов\w+", r"лет", r"год\w*"],
    },
    # alert_conditions.py: hours of a move's window ("за 2 часа")
    "alert_conditions": {
        "hours": [r"час\w*"],
    },
    # subperiods.py: "первые три дня марта", "последние две недели января" (часть у края периода);
    # дни - торговые сессии, если не названы календарными
    "subperiods": {
        "first": [r"перв(?:ые|ых|ая|ую|ой|ый|ое|ого)", r"начальн\w*"],
        "last": [r"последн\w*", r"заключительн\w*", r"финальн\w*"],
        "calendar_days": [r"календарн\w*\s+(?:дн\w*|день)"],
        "sessions": [r"торгов\w*\s+(?:дн\w*|день|сесси\w*)", r"сесси\w*", r"дн(?:я|ей|и|ям|ях)", r"день"],
        "weeks": [r"недел\w*"],
        "months": [r"месяц\w*"],
        "halves": [r"половин\w*"],
        "of": [r"из"],
        "year": [r"года?"],
        # множественное число без числа ("последние дни марта"): сколько - не сказано, не одна
        "plural": [r"(?:первые|последние|начальные|заключительные|финальные)(?!\w)"],
    },
    # as_of_days.py: a to-date span ending on a written date ("с начала года по 30 апреля 2024") and
    # the n-th weekday of a month ("первый понедельник апреля 2024")
    "as_of_days": {
        "year": [r"с\s+начала\s+(?:этого\s+|текущего\s+)?года", r"с\s+начала(?=\s+(?:19|20)\d\d)"],
        "quarter": [r"с\s+начала\s+(?:этого\s+|текущего\s+)?квартала"],
        "month": [r"с\s+начала\s+(?:этого\s+|текущего\s+)?месяца"],
        "measure": [],
        "year_of": [],
        "until": [r"по", r"на", r"до", r"к", r"по\s+состоянию\s+на"],
        "article": [],
        "first": [r"перв\w*"], "second": [r"втор(?:ой|ая|ую|ое|ого|ом)"], "third": [r"трет\w*"],
        "fourth": [r"четв[её]рт\w*"], "fifth": [r"пят(?:ый|ая|ую|ое|ого|ом|ой)"], "last": [r"последн\w*"],
        "mon": [r"понедельник\w*"], "tue": [r"вторник\w*"], "wed": [r"сред[аыуе]"], "thu": [r"четверг\w*"],
        "fri": [r"пятниц\w*"], "sat": [r"суббот\w*"], "sun": [r"воскресень\w*"],
        "of_month": [],
    },
}
