"""Reading a request as a person would, for the binder: what values it offers, each with its kind.

- quoted strings ("Blue Lamp", “…”, 'apollo');
- names after cue words, capitalised or not ("the project named apollo", "called Night Owls");
- capitalised names with possessives stripped ("Maria Lopez's" -> Maria Lopez); places after in/at/near/to/from;
- ids after a noun ("issue 102", "shipment #7001", "tracking number 1Z999AA1");
- identifier-shaped tokens (tracking numbers, SKUs, ISBNs), emails, URLs, phone numbers, dates and times;
- numbers with units and number words ("two-day" -> 2 days, "3 servings", "five tickets"), and bare numbers.

:func:`pick` then chooses, for one parameter (its name, type and description), the offer that fits it best."""

from __future__ import annotations

import calendar
import datetime
import re
from dataclasses import dataclass
from typing import Any

from toolgraph.text.lexicon import AUXILIARY_VERBS, WRITE_NAME_VERBS
from toolgraph.text.params import BARE_ID_WORDS, ROLE_WORDS, is_identifier
from toolgraph.text.words import NOT_A_NAME, singular, stem
from toolgraph.text.words import READING_STOPWORDS as STOP

NUMBER_WORDS = {"one": 1, "single": 1, "two": 2, "couple": 2, "pair": 2, "three": 3, "four": 4,
                "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
                "dozen": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "twenty": 20, "thirty": 30,
                "fifty": 50, "hundred": 100}
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
            "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12}
_UNITS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]
DAY_WORDS = {w: i + 1 for i, w in enumerate(_UNITS + ["tenth", "eleventh", "twelfth", "thirteenth", "fourteenth",
                                                     "fifteenth", "sixteenth", "seventeenth", "eighteenth",
                                                     "nineteenth", "twentieth"])}
DAY_WORDS.update({f"twenty{sep}{w}": 21 + i for i, w in enumerate(_UNITS) for sep in ("-", " ", "")})
DAY_WORDS.update({"thirtieth": 30, "thirty-first": 31, "thirty first": 31, "thirtyfirst": 31})
MONTHS = {m: i + 1 for i, m in enumerate(("january", "february", "march", "april", "may", "june", "july", "august",
                                          "september", "october", "november", "december"))}
MONTHS.update({m[:3]: i for m, i in list(MONTHS.items())})
MONTHS["sept"] = 9

_QUOTED = re.compile(r"\"([^\"]{1,120})\"|“([^”]{1,120})”|«([^»]{1,120})»|"
                     r"(?:(?<=[\s(:])|^)'([^']{1,80})'(?=[\s.,;:!?)]|$)")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_URL = re.compile(r"https?://[^\s\"'<>]+")
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}:\d{2}(?::\d{2})?))?\b")
_SLASH_DATE = re.compile(r"(?<![\d/.])(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})(?![\d/.])|"  # (dots: only with a
                         r"(?<![\d/.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?![\d/.])")  # 4-digit year: 10.5.26 is a version)
_WORD_DATE = re.compile(r"\b(?:(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\.?|"
                        r"([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?)(?:,?\s+(\d{4}))?\b")
_DAY = r"(\d{1,2}(?:st|nd|rd|th)?|" + "|".join(sorted((re.escape(w) for w in DAY_WORDS), key=len, reverse=True)) + ")"
_MONTH = r"(" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
# "december twenty-first 2026", "the fourth of december 2026", "4th of december" (spelled-out and "of" dates)
_SPELLED_DATE = re.compile(r"\b(?:" + _MONTH + r"\s+" + _DAY + r"|(?:the\s+)?" + _DAY + r"\s+of\s+" + _MONTH +
                           r")(?:,?\s+(\d{4}))?\b", re.IGNORECASE)
_MONTH_YEAR = re.compile(r"\b" + _MONTH + r"\s+(\d{4})\b", re.IGNORECASE)
_TIME = re.compile(r"\b(\d{1,2}):(\d{2})\s*(am|pm)?\b|\b(\d{1,2})\s*(am|pm)\b", re.IGNORECASE)
_ISBN = re.compile(r"(?<![\w-])(?:\d[- ]?){9,12}[\dXx](?![\w-])")
_PHONE = re.compile(r"(?<![\w-])\+?\d[\d ().-]{6,}\d(?![\w-])")
_TOKEN = re.compile(r"(?<![\w@.-])(?=[A-Za-z0-9-]*\d)[A-Za-z0-9][A-Za-z0-9-]*[A-Za-z0-9](?![\w@])")
#: verbs that come before a question's subject, never a noun an id belongs to
AUXILIARIES = AUXILIARY_VERBS | {"been", "get", "gets", "got"}
_UNIT_AFTER = re.compile(r"\s*(?:%|l|ml|cl|kg|g|km|m|lb|lbs|oz|litres?|liters?|kilos?|grams?|metres?|meters?|"
                         r"miles?|minutes?|mins?|hours?|days?|nights?|pints?|people|persons?)\b", re.IGNORECASE)
_NOUN_ID = re.compile(r"\b([A-Za-z]{2,})(?:\s+(?:#|no\.?|number|num\.?|id|code|ref)?\s*[:#]?\s*|\s*[:#]\s*)"
                      r"((?=[A-Za-z0-9-]*\d)[A-Za-z0-9][A-Za-z0-9-]*(?-i:\s[A-Z0-9]{2,4}(?![\w-]))?)\b",
                      re.IGNORECASE)  # ("plate KX68 TRU": a capitals part is the id's too; db-primary-02: none)
CONTRACTIONS = frozenset("i've i'm i'd i'll we've we're we'd we'll you've you're you'd they've they're they'd "
                         "it's that's there's here's what's who's where's how's let's can't won't don't didn't "
                         "isn't aren't wasn't weren't haven't hasn't".split())
PRONOUNS = frozenset("it them this that these those him her me us you they he she one ones".split())
ORDER_VERBS = WRITE_NAME_VERBS | {"file", "log", "raise", "open", "make", "order", "request", "lodge", "arrange"}
_ORDERED = re.compile(r"(?:^|[.!?]\s+|\bplease\s+)([A-Za-z]+)\s+(?:a|an|the|some|my|our|his|her|their)\s+"
                      r"([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?)(?=\s+(?:for|with|on|at|to|from|in|by|and|of|that|"
                      r"which|because|so)\b|\s*[,.;:!?]|\s*$)", re.IGNORECASE)
FREE_TEXT_PARTS = {"type", "kind", "service", "description", "reason", "note", "notes", "summary", "subject",
                   "category", "problem", "damage", "comment", "message", "purpose", "complaint"}
_CODE_NUMBER = re.compile(r"(?:\b([A-Za-z]{2,})\s+)?\b([A-Z]{2,4})\s+(\d{1,6})\b")  # "train IC 512", "flight BA 117"
_COUNT = re.compile(r"\b(\d+|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) +
                    r")(?:\s+|-)([A-Za-z]{2,})\b", re.IGNORECASE)
_OF_UNIT = re.compile(r"\s+([A-Za-z]{2,})\b")  # the unit after "a couple of"
_ORDINAL = re.compile(r"\b(" + "|".join(ORDINALS) + r"|\d+(?:st|nd|rd|th))\s+([A-Za-z]{3,})\b", re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w.-])-?\d+(?:\.\d+)?(?![\w-]|\.\d)")
_CUE_NAME = re.compile(r"\b(?:named|called|titled|nicknamed|name|title)\s+"
                       r"([A-Za-z0-9][\w'’&.-]*(?:\s+[\w'’&.-]+){0,3})", re.IGNORECASE)
_CAPITALISED = re.compile(r"\b([A-Z][\w’'&.-]*(?:\s+(?:of|the|de|von|van|la|le|del|and|&)?\s*[A-Z][\w’'&.-]*)*)")
_PLACE = re.compile(r"\b(?:in|at|near|to|from|around)\s+([A-Z][\w’'.-]*(?:\s+[A-Z][\w’'.-]*){0,3})")
_TOPIC = re.compile(r"\b(?:with|for|about|containing|matching|mentioning|on)\s+([a-z][a-z' -]{2,60}?)"
                    r"(?=[.,;:!?]|\s+(?:and|in|at|for|from|by|with|that|which|who|please|sorted|ordered)\b|$)")
NOT_NAMES = {"I", "I'm", "I've", "TV", "OK", "Please", "Who", "What", "When", "Where", "Which", "How", "Why", "Give",
             "Show", "List", "Find", "Get", "Tell", "Is", "Are", "Do", "Does", "Can", "Could", "Would", "The", "A",
             "An", "My", "Me", "And", "Or", "Also", "Then", "Book", "Cancel", "Create", "Add", "Check", "Look",
             "Search", "Send", "Set", "Update", "Delete", "Remove", "Make", "Put", "Let", "Any", "All", "How many",
             "Mr", "Mrs", "Ms", "Mx", "Dr", "Prof", "Miss",  # (a title is no part of the name: "Mr. Haruto Sato")
             "If", "But", "So", "Will", "Was", "Were", "Did", "Has", "Have", "Had", "Should", "Shall", "May",
             "Might", "Must", "Our", "Their", "His", "Her", "Its", "This", "That", "These", "Those", "There",
             "Here", "Yes", "No", "Hi", "Hello", "Hey", "Thanks", "We", "We're", "You", "It", "It's", "Whoever",
             "Whose", "Whom", "Now", "Just", "Still", "Okay"} | {
    d.capitalize() + s for d in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
    for s in ("", "s")} | {"Mon", "Tue", "Tues", "Wed", "Thu", "Thur", "Thurs", "Fri", "Sat", "Sun"}  # (a weekday
# names no record: "close on Saturdays", "the week of Mon 15th Feb")
PREPOSITIONS = frozenset("about above across after against along among around at before behind below beneath beside "
                         "besides between beyond by despite during except for from in inside into near of off on onto "
                         "out outside over past per since through throughout till to toward towards under until unto "
                         "up upon via with within without regarding concerning".split())
TITLES = {"Mr", "Mrs", "Ms", "Mx", "Dr", "Prof", "Miss"}
_SEASON_YEAR = re.compile(r"\b(spring|summer|fall|autumn|winter)\s+((?:19|20)\d\d)\b", re.IGNORECASE)
_YEAR_RANGE = re.compile(r"(?<![\w-])((?:19|20)\d\d)\s?[-/–]\s?((?:19|20)?\d\d)(?![\w-])")  # the 2025-26 season
_TITLE_DOT = re.compile(r"\b(Mr|Mrs|Ms|Mx|Dr|Prof|St)\.")
_POSSESSIVE = re.compile(r"(?:'s|’s|'|’)$")


#: words before a month that open a range there ("since January 2027") or close it ("until March 2027")
_OPENS = frozenset("since after from starting".split())
_CLOSES = frozenset("until till before through to up".split())


_PARTY_OF = re.compile(r"\b(party|group|table|team)\s+of\s+(\d+|[a-z]+)\b", re.IGNORECASE)
_WEEK_OF = re.compile(r"\bweek\s+(?:of|starting|beginning|commencing)\s+"
                      r"(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?(?:the\s+)?$")


def _before(text: str, start: int) -> str:
    """The word right before ``start``, lower case ("since" before a date), or ""; "week" for a date that starts a
    week ("the week of Mon 15th Feb 2027"): a range of seven days."""
    if _WEEK_OF.search(text[max(0, start - 40):start].lower()):
        return "week"
    words = re.findall(r"[a-z]+", text[max(0, start - 12):start].lower())
    return words[-1] if words else ""


@dataclass(frozen=True)
class Offer:
    value: Any
    kind: str  # quoted, cue, name, place, noun_id, identifier, slug, email, url, phone, date, month, season, time,
    # count, number, topic
    noun: str = ""  # the noun before an id, the unit after a count, "'s" after a name that owns something
    start: int = 0  # where in the request (earlier offers win ties)
    head: str = ""  # the word right after a name, lower case: the noun it names one of ("the Mathematics department")


def _not_name(word: str) -> bool:
    """A word that starts no name: "What", and "What's", "Who's", "I'm" too."""
    return word in NOT_NAMES or re.sub(r"['’](?:s|re|ve|ll|d|m)$", "", word) in NOT_NAMES


def strip_possessive(text: str) -> str:
    return _POSSESSIVE.sub("", text.strip(" .,;:!?")).strip()


# Units as people write them -> as parameters name them ("three kilo parcel" -> weight_kg).
UNITS = {"kilo": "kg", "kilos": "kg", "kilogram": "kg", "kilogramme": "kg", "kgs": "kg", "gram": "g", "grams": "g",
         "pound": "lb", "pounds": "lb", "lbs": "lb", "kilometre": "km", "kilometer": "km", "kms": "km",
         "mile": "mi", "miles": "mi", "metre": "m", "meter": "m", "litre": "l", "liter": "l", "minute": "min",
         "minutes": "min", "mins": "min", "hrs": "hour", "hr": "hour", "person": "people", "persons": "people",
         "guest": "people", "guests": "people", "adult": "adults", "night": "nights", "nites": "nights"}


#: units of measure a request may ask an amount in, with what a tool's answer calls them
MEASURES = {u: set(forms.split()) for u, forms in (
    ("cup", "cup cups"), ("ounce", "ounce ounces oz"), ("gram", "gram grams g gr"),
    ("kilogram", "kilogram kg kgs kilo"),
    ("pound", "pound pounds lb lbs"), ("millilitre", "millilitre milliliter ml"), ("litre", "litre liter l ltr"),
    ("teaspoon", "teaspoon teaspoons tsp"), ("tablespoon", "tablespoon tablespoons tbsp"),
    ("mile", "mile miles mi"), ("kilometre", "kilometre kilometer km kms"), ("metre", "metre meter m"),
    ("inch", "inch inches in"), ("foot", "foot feet ft"), ("gallon", "gallon gallons gal"), ("pint", "pint pints pt"),
    ("calorie", "calorie calories kcal cal"), ("hectare", "hectare hectares ha"),
    ("tonne", "tonne tonnes ton tons t"))}
#: a unit's name or symbol as a request writes it -> the unit (not the short ones that are also words: in, m, l)
UNIT_OF = {form: u for u, forms in MEASURES.items() for form in forms
           if len(form) > 2 or form in {"oz", "kg", "lb", "ml", "km"}}


def unit_names(unit: str) -> set[str]:
    """A unit and what parameters call it (``kilo`` -> kilo, kg)."""
    u = unit.lower()
    return {u, singular(u), UNITS.get(u, u), UNITS.get(singular(u), u)}


def _number(word: str) -> int | None:
    w = word.lower()
    return int(w) if w.isdigit() else NUMBER_WORDS.get(w)


def read(text: str, vocabulary: frozenset[str] | set[str] = frozenset()) -> list[Offer]:
    """Every value the request offers, in request order within each kind. ``vocabulary``: words of the tools at
    hand (their names, descriptions, parameters): a run of other words a person would read as a name ("what
    shipments does hannah whitfield have", "in porto") is offered last, as ``residual`` (after in/at/near/for/
    from: as a ``place``)."""
    out: list[Offer] = []
    taken: list[tuple[int, int]] = []  # spans of structured values (not numbers or names again)

    def add(offer: Offer, span: tuple[int, int] | None = None) -> None:
        out.append(offer)
        if span:
            taken.append(span)

    def free(span: tuple[int, int]) -> bool:
        return not any(a < span[1] and span[0] < b for a, b in taken)

    for m in _QUOTED.finditer(text):
        value = next(g for g in m.groups() if g is not None).strip()
        if value:
            add(Offer(value, "quoted", start=m.start()), m.span())
    for m in _EMAIL.finditer(text):
        add(Offer(m.group(), "email", start=m.start()), m.span())
    for m in _URL.finditer(text):
        add(Offer(m.group().rstrip(".,;:!?)"), "url", start=m.start()), m.span())
    for m in _ISO_DATE.finditer(text):
        if free(m.span()):
            y, mo, d, t = m.groups()
            add(Offer(f"{y}-{int(mo):02d}-{int(d):02d}", "date", noun=_before(text, m.start()), start=m.start()),
                m.span())
            if t:
                add(Offer(t, "time", start=m.start(4)))
    for m in _SLASH_DATE.finditer(text):  # 3/14/2027 (month first), 14/05/2027 (a first number past 12: the day)
        a, b, y = (int(x) for x in m.groups() if x is not None)
        month, day = (b, a) if a > 12 else (a, b)
        year = y + 2000 if y < 100 else y
        if 1 <= month <= 12 and 1 <= day <= calendar.monthrange(year, month)[1] and free(m.span()):
            add(Offer(f"{year}-{month:02d}-{day:02d}", "date", noun=_before(text, m.start()), start=m.start()),
                m.span())
    at = 0
    while (m := _WORD_DATE.search(text, at)) is not None:  # (a match that is no date gives its words back: in
        day, month, month2, day2, year = m.groups()  # "since 4 January 2027", "since 4" is none)
        month_no = MONTHS.get((month or month2 or "").lower().rstrip("."))
        at = m.end() if month_no else m.start() + 1
        if month_no and free(m.span()):
            d = int(day or day2)
            value = f"{year}-{month_no:02d}-{d:02d}" if year else f"{month_no:02d}-{d:02d}"
            add(Offer(value, "date", noun=_before(text, m.start()), start=m.start()), m.span())
    for m in _SPELLED_DATE.finditer(text):
        month, day, day2, month2, year = m.groups()
        month_no = MONTHS.get((month or month2 or "").lower())
        word = (day or day2 or "").lower()
        d = DAY_WORDS.get(word) or (int(re.sub(r"\D", "", word)) if re.sub(r"\D", "", word) else 0)
        if month_no and 1 <= d <= 31 and free(m.span()):
            add(Offer(f"{year}-{month_no:02d}-{d:02d}" if year else f"{month_no:02d}-{d:02d}", "date",
                      noun=_before(text, m.start()), start=m.start()), m.span())
    for m in _SEASON_YEAR.finditer(text):  # "in fall 2026": a term, not fall's id 2026
        if free(m.span()):
            add(Offer(f"{m.group(1).capitalize()} {m.group(2)}", "season", start=m.start()), m.span())
    for m in _YEAR_RANGE.finditer(text):  # "the 2025-26 season", "2026/27": a season, no id of a league
        first, second = int(m.group(1)), int(m.group(2))
        if free(m.span()) and second % 100 == (first + 1) % 100:
            add(Offer(m.group().replace(" ", ""), "season", start=m.start()), m.span())
    for m in _MONTH_YEAR.finditer(text):  # "in October 2026": a month, for a ``month`` or a date range
        month_no = MONTHS.get(m.group(1).lower())
        if month_no and free(m.span()):
            add(Offer(f"{m.group(2)}-{month_no:02d}", "month", noun=_before(text, m.start()), start=m.start()),
                m.span())  # (the word before: "since January 2027" opens a range it does not close)
    for m in _TIME.finditer(text):
        if free(m.span()):
            h, mi, ampm, h2, ampm2 = m.groups()
            hour, minute, half = int(h or h2), int(mi or 0), (ampm or ampm2 or "").lower()
            hour = hour % 12 + (12 if half == "pm" else 0) if half else hour
            add(Offer(f"{hour:02d}:{minute:02d}", "time", start=m.start()), m.span())
    for m in _ISBN.finditer(text):
        digits = re.sub(r"[^\dXx]", "", m.group())
        if free(m.span()) and len(digits) in (10, 13) and (digits.startswith(("978", "979")) or
                                                           "isbn" in text[max(0, m.start() - 12):m.start()].lower()):
            add(Offer(m.group(), "isbn", start=m.start()), m.span())
    for m in _PHONE.finditer(text):
        digits = re.sub(r"\D", "", m.group())
        if free(m.span()) and len(digits) >= 8 and re.search(r"[ ().+-]", m.group()):
            add(Offer(m.group().strip(), "phone", start=m.start()), m.span())
    for m in _CODE_NUMBER.finditer(text):  # a code of capitals and a number is one id ("IC 512"), never 512
        noun, code = m.group(1), f"{m.group(2)} {m.group(3)}"
        if m.group(2) in NOT_NAMES or m.group(2).lower() in MONTHS or not free(m.span(2)):
            continue
        if noun and noun.lower() not in STOP and noun.lower() not in PREPOSITIONS and not noun.isupper():
            add(Offer(code, "noun_id", singular(noun.lower()), m.start()), (m.start(2), m.end()))
        else:
            add(Offer(code, "identifier", start=m.start(2)), (m.start(2), m.end()))
    for m in _NOUN_ID.finditer(text):
        noun, value = m.group(1), m.group(2)
        head, _, tail = value.partition(" ")
        if tail and (head.isdigit() or tail in NOT_NAMES or tail.lower() in STOP):  # "issue 102 IN": 102
            value = head
        if noun.lower() in STOP or noun.lower() in PREPOSITIONS or noun.lower() in NUMBER_WORDS or \
                noun.lower() in AUXILIARIES or not free(m.span(2)):  # ("the server behind INC-4420": no id of a
            continue  # "behind"; "how much water should PL-0420 get": none of a "should")
        if value.isdigit() and len(value) == 4 and 1800 <= int(value) <= 2100 and noun.lower() in MONTHS:
            continue
        if value.isdigit() and _UNIT_AFTER.match(text, m.end()):  # "full 30 L kegs": an amount, no id of a "full"
            continue
        add(Offer(int(value) if value.isdigit() else value, "noun_id", singular(noun.lower()), m.start()))
    for m in _TOKEN.finditer(text):
        token = m.group()
        digits = sum(ch.isdigit() for ch in token)  # an identifier has a run of digits ("top-1" is none)
        named = token[0].isalpha() and "-" in token and (digits >= 2 or token.count("-") >= 2)  # api-gw-03, eu-west-1
        if free(m.span()) and (digits >= 3 and (re.search(r"[A-Za-z]", token) and len(token) >= 4 or len(token) >= 6)
                               or named and len(token) >= 5):
            digits = re.sub(r"[^\dXx]", "", token)
            kind = "isbn" if len(digits) in (10, 13) and re.fullmatch(r"[\d-]+[\dXx]", token) else \
                "slug" if len(digits) < 3 else "identifier"  # a host or region name (api-gw-03), not an id
            add(Offer(token, kind, start=m.start()), m.span())
    for m in _CAPITAL_CODE_IN.finditer(text):  # a code of capitals alone: an aircraft's registration, Q-MOTH
        if free(m.span()):
            add(Offer(m.group(), "identifier", start=m.start()), m.span())
    for m in _ORDINAL.finditer(text):  # "the second season" -> season 2
        word, noun = m.group(1).lower(), m.group(2)
        n = ORDINALS.get(word) or (int(word[:-2]) if word[:-2].isdigit() else None)
        if n is not None and noun.lower() not in STOP:
            add(Offer(n, "count", singular(noun.lower()), m.start()), m.span(1))
    for m in _PARTY_OF.finditer(text):  # "a party of 2", "a group of six": a count of the party
        n = _number(m.group(2))
        if n is not None and free(m.span(2)):
            add(Offer(n, "count", m.group(1).lower(), m.start()), m.span(2))
    units: list[tuple[int, int]] = []  # the unit words of counts ("ten people", "a couple of cans"): no names
    for m in _COUNT.finditer(text):
        n, unit = _number(m.group(1)), m.group(2)
        if unit.lower() == "of" and (after := _OF_UNIT.match(text, m.end())):  # "a couple of cans": cans
            unit, span = after.group(1), after.span(1)
        else:
            span = m.span(2)
        if n is not None and unit.lower() not in STOP and unit.lower() not in PRONOUNS and free(m.span(1)):
            add(Offer(n, "count", singular(unit.lower()), m.start()))
            units.append(span)
    for m in re.finditer(r"[A-Za-z]+", text):  # units of measure: "8 ounces" (a count's), "how many grams"
        unit = UNIT_OF.get(m.group().lower())
        if unit is not None and free(m.span()):
            add(Offer(m.group(), "unit", unit, m.start(), "count" if m.span() in units else ""))
            units.append(m.span())  # (no name either: "how many grams" names no recipe)
    for m in _NUMBER.finditer(text):
        if free(m.span()):
            add(Offer(float(m.group()) if "." in m.group() else int(m.group()), "number", start=m.start()))
    for m in _CUE_NAME.finditer(text):
        words = []
        for w in m.group(1).split():
            if w.lower() in STOP and words:
                break
            words.append(w)
        value = strip_possessive(" ".join(words))
        if value and value.lower() not in STOP:
            add(Offer(value, "cue", start=m.start(1)))
    for m in _PLACE.finditer(text):
        value = strip_possessive(m.group(1))
        if value and value not in NOT_NAMES and free(m.span(1)) and value.split()[0].lower() not in MONTHS and \
                value.split()[0].rstrip(".") not in TITLES:  # "in Mr. Sato's class" is no place
            add(Offer(value, "place", start=m.start(1)))
    for sentence in re.finditer(r"[^.!?]+", _TITLE_DOT.sub(r"\1 ", text)):  # "Mr." ends no sentence
        for m in _CAPITALISED.finditer(sentence.group()):
            span = strip_possessive(m.group(1).strip(" .'’"))
            words = span.split()
            if m.start() == len(sentence.group()) - len(sentence.group().lstrip()):
                words = words[1:] if words and (_not_name(words[0]) or words[0] in ("When", "Is") or len(words) == 1
                                                or words[0].lower() in ORDER_VERBS | {"sign"}) else words  # "Sign X up"
            while words and _not_name(words[0]):
                words = words[1:]
            span = " ".join(words)
            if span and span not in NOT_NAMES and not (span.isupper() and len(span) <= 4 and " " not in span) and \
                    not _CAPITAL_CODE.fullmatch(span) and \
                    free((sentence.start() + m.start(), sentence.start() + m.start() + len(span))):
                owner = m.group(1).strip(" .").endswith(("'s", "’s"))  # "Claire Moreau's rental": an owner
                at = sentence.start() + m.start()
                add(Offer(span, "name", "'s" if owner else "", start=at, head=_next_word(text, at + len(span))))
    units += [m.span() for m in _MEASURE_WORDS.finditer(text)]  # "how big is it in square metres": no name
    for start, run, after, head in _residual_runs(text, vocabulary, taken + units):
        if run.lower() in ROLE_WORDS or run.lower() in ORDER_VERBS:  # "assigned to lena vogt": a role, not a
            continue  # name; "please set up a guest pass": the order's verb
        first, _, rest = run.partition(" ")
        if rest and first.lower().endswith("ing") and len(first) > 5:  # "making shakshuka": shakshuka
            start, run = start + len(first) + 1, rest
        words = run.split()
        ends = not text[start + len(run):].strip(" ") or text[start + len(run):].lstrip(" ")[0] in ",.;:?!"
        if after in SUBJECT_CUES and len(words) >= 2 and words[-1].islower() and (
                after not in ("is", "are", "was", "were") or words[-1].endswith(("ed", "ing")) or
                words[-1] in _PARTICIPLES) and (_next_word(text, start + len(run)) in _AFTER_VERB or ends and (
                len(words) == 3 or after in ("is", "are", "was", "were"))):  # "does bellweather textiles owe us",
            run = " ".join(words[:-1])  # "is margit oyelaran booked into", "where does aoife brennan sit?", "when
            # was calum reid born": the verb
        elif len(words) >= 3 and words[-1] in _PAST and (_next_word(text, start + len(run)) in _AFTER_VERB or ends):
            run = " ".join(words[:-1])  # "the blood ingrid solvang gave on 4/22/2027": her name, then the verb
        apposed = bool(_APPOSITION.match(text, start + len(run))) and bool(text[:start].strip()) and \
            words[-1].lower() not in ORDER_VERBS and (after == "to" if len(words) > 1 else after in SUBJECT_CUES)
        if apposed:  # "has bramble the rabbit had", "to adopt maple the cat": a name, then its kind (not "book the
            start, run = start + len(run) - len(words[-1]), words[-1]  # room", "warehouses stock the drill")
        kind = ("residual_owner" if apposed else "residual_place" if after in PLACE_CUES else
                "residual_owner" if after in ("'s", "by", "named", "called") else
                "residual_named" if after == "the" and head else "residual")  # "the glasgow depot": names one
        add(Offer(run, kind, start=start, head=_next_word(text, start + len(run))))
    for m in _ORDERED.finditer(text):  # "Book a tyre rotation for the van": what the order is for, in its words
        if m.group(1).lower() in ORDER_VERBS and free(m.span(2)) and m.group(2).lower() not in STOP:
            add(Offer(m.group(2).strip(), "ordered", start=m.start(2)))
    for m in _TOPIC.finditer(text):
        words = [w for w in m.group(1).split() if w.lower() not in STOP and w.lower() not in PRONOUNS]
        owner = next((i for i, w in enumerate(words) if w.endswith(("'s", "’s"))), None)
        if owner is not None:  # "for hattie ogunleye's voice part": what is looked up is its owner
            words = words[:owner] + [strip_possessive(words[owner])]
        if words and _number(words[0]) is None:  # ("for ten people" is a count, no topic)
            add(Offer(" ".join(words), "topic", start=m.start(1)))
    subjects = [o for o in out if is_subject(text, o)]  # the question's subject first among the leftovers: "how
    return subjects + [o for o in out if o not in subjects]  # many hectares of potatoes has jakob feldhaus got"


PLACE_CUES = {"in", "at", "near", "around", "from", "to"}
#: words after which a question's subject comes: "how many days does nils ekdahl have left"
SUBJECT_CUES = AUXILIARY_VERBS - {"be", "shall", "may", "might", "must"}
#: a name's kind after it ("has bramble the rabbit had", "is clementine the cat in", "adopt maple the cat?")
_APPOSITION = re.compile(r"\s+the\s+[a-z]{3,}(?=\s*(?:[,.;:?!)]|$)|\s+(?:in|on|at|had|has|have|is|was|been|got|"
                         r"get|for|from|with|to)\b)")
#: past participles not ending in -ed ("when was calum reid born")
_PARTICIPLES = frozenset("born made built paid sold bought sent held kept left told found won seen taken given done "
                         "known shown grown drawn written brought caught taught put set cut run hurt met".split())
#: verbs in the past a name may come right before ("the blood ingrid solvang gave on ...")
_PAST = frozenset("gave got made took had did went bought paid sent came saw ran brought caught wrote drove rode "
                  "flew kept held won lost sold told found met booked ordered donated visited rented".split())
#: what follows a question's verb, not a name: "does bellweather textiles owe us", "did he spend at the bar"
_AFTER_VERB = frozenset("us me him her them it you the a an at in on for to with from this that into out up off "
                        "over about by".split())


def is_subject(text: str, offer: Any) -> bool:
    """A leftover run of two or three words right after an auxiliary verb: the subject of a question, a name
    ("does nils ekdahl have"), not a description of a thing ("the lead actor")."""
    before = re.findall(r"[a-z']+", text[:offer.start].lower())[-1:]
    return offer.kind == "residual" and 2 <= len(str(offer.value).split()) <= 3 and bool(before) and \
        before[0] in SUBJECT_CUES


#: a unit of measure written out ("litres", "square metres", "cubic feet"): what an amount is asked in, no name
_MEASURE_WORDS = re.compile(r"\b(?:(?:square|sq|cubic)\s+)?(?:" + "|".join(
    sorted((re.escape(f) for f in UNIT_OF), key=len, reverse=True)) + r")(?:e?s)?\b", re.IGNORECASE)


def _next_word(text: str, end: int) -> str:
    """The word right after ``end`` (only spaces between), lower case, or ""."""
    m = re.match(r" +([A-Za-z]+)\b", text[end:])
    return m.group(1).lower() if m else ""


def _residual_runs(text: str, vocabulary: frozenset[str] | set[str], taken: list[tuple[int, int]]
                   ) -> list[tuple[int, str, str, bool]]:
    """(start, run, the word before it, whether a word of the tools follows it) of word runs that are neither stop
    words, nor words of the tools, nor numbers, nor parts of values read already: what is left of the request is
    what it names ("the glasgow depot": a run between "the" and a noun of the tools names one of them)."""
    if not vocabulary:
        return []
    known = {stem(w) for w in vocabulary} | set(vocabulary)
    runs: list[tuple[int, str, str, bool]] = []
    current: list[str] = []
    begin, before, prev = 0, "", ""
    for m in re.finditer(r"[^\W\d_][^\W\d_'’-]*(?:['’-][^\W\d_]*)*", text):  # (letters of any script:
        word = strip_possessive(m.group())  # "kasimir ødegaard")
        low = word.lower()
        inside = any(a <= m.start() < b for a, b in taken)
        tools_word = not inside and low not in STOP and (stem(low) in known or low in known)
        plain = (inside or low in STOP or low in NOT_A_NAME or low in NUMBER_WORDS or low in MONTHS or
                 tools_word or len(low) < 2 or word.capitalize() in TITLES or low in PRONOUNS or
                 word in NOT_NAMES or low.replace("’", "'") in CONTRACTIONS)  # ("I've got ...": no name)
        if plain:
            if current:
                runs.append((begin, " ".join(current), before, tools_word and len(low) > 2))
                current = []
        else:
            if not current:
                begin, before = m.start(), prev
            current.append(word)
            if word != m.group():  # a possessive ends the name ("hannah whitfield's parcel")
                runs.append((begin, " ".join(current), "'s", False))
                current = []
        prev = low
    if current:
        runs.append((begin, " ".join(current), before, False))
    return [r for r in runs if len(r[1].split()) <= 4]


# -- which offer fits a parameter -----------------------------------------------------------------------------------
_PARTS = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")
PLACE_PARTS = {"city", "location", "place", "address", "country", "region", "destination", "origin", "town", "area",
               "state", "venue", "where"}
NAME_PARTS = {"query", "q", "name", "title", "keyword", "keywords", "search", "term", "text", "person", "movie",
              "artist", "song", "company", "author", "user", "username", "customer", "patient", "member", "label",
              "owner", "brand", "ingredient", "product", "item", "team", "project", "band", "album", "book",
              "recipe", "dish", "event", "topic", "subject", "who", "holder", "contact", "driver", "doctor"}
SEARCH_PARTS = {"query", "q", "search", "keyword", "keywords", "term", "text", "filter", "phrase", "ingredient",
                "topic", "subject"}
DATE_PARTS = {"date", "day", "since", "until", "from", "to", "start", "end", "on", "checkin", "checkout", "when",
              "after", "before", "deadline", "due", "departure", "arrival"}
#: words that make a parameter a date (not "from" / "to" alone: send_to, from_unit)
_DAY_WORDS = {"date", "day", "dob", "birthday", "deadline", "checkin", "checkout"}
ID_PARTS = {"id", "number", "no", "num", "code", "ref", "reference", "key", "sku", "serial", "tracking", "isbn",
            "barcode", "confirmation", "booking", "order", "ticket", "slug", "handle", "upc", "ean", "registration",
            "reg", "plate", "vrm", "vin", "callsign"}
KIND_PARTS = {"email": {"email", "mail"}, "url": {"url", "link", "website", "homepage", "uri"},
              "phone": {"phone", "tel", "telephone", "mobile", "cell"}, "isbn": {"isbn"}, "time": {"time", "hour"}}


def param_parts(name: str) -> set[str]:
    """The words of a parameter's name, lower case, each also singular and stemmed (``trackingNumbers`` ->
    tracking, track, numbers, number)."""
    raw = {p.lower() for chunk in re.split(r"[_\-\s.]+", name) for p in _PARTS.findall(chunk)}
    return raw | {singular(p) for p in raw} | {stem(p) for p in raw}


def _desc_words(description: str) -> set[str]:
    words = re.findall(r"[A-Za-z]+", (description or "").lower())[:40]
    return {singular(w) for w in words} | {stem(w) for w in words}


def pick(name: str, kind: str, description: str, offers: list[Offer], used: set[int],
         required: bool) -> tuple[Any, str] | None:
    """The offer for one parameter (value, how it was read), or None. ``used``: ids of offers bound already
    (a value is used once when another fits); optional parameters take only offers that name them."""
    parts = param_parts(name)
    desc = _desc_words(description)
    fresh = [o for o in offers if id(o) not in used] + [o for o in offers if id(o) in used]

    def first(pred: Any) -> Offer | None:
        return next((o for o in fresh if pred(o)), None)

    def best(*kinds: str) -> Offer | None:  # the first offer of the first kind that has one
        return next((o for k in kinds for o in fresh if o.kind == k), None)

    for k, names in KIND_PARTS.items():  # emails, urls, phones, isbns, times: by their shape, and only those
        if parts & names:
            o = first(lambda o, k=k: o.kind == k)
            if o:
                return _took(o, used, k)
            if k != "time" and not parts & NAME_PARTS:  # ("email" takes no title: "The Salt Road")
                return None
    if kind == "string" and parts & {"unit", "uom", "measure"}:  # from_unit: the given amount's, to_unit: another
        given = [o for o in fresh if o.kind == "unit" and o.head == "count"]
        other = [o for o in fresh if o.kind == "unit" and o.head != "count"]
        to = parts & (RANGE_END | {"target", "into", "desired"}) and not parts & (RANGE_START | {"source", "original"})
        units = other if to else given + other
        if units:
            return _took(units[0], used, "unit")
    if kind == "string" and parts & {"term", "semester", "season", "session", "period"}:  # "fall 2026"
        o = first(lambda o: o.kind == "season")
        if o:
            return _took(o, used, "season")
    if kind == "string" and parts & {"month", "period"}:  # "in October 2026" -> 2026-10
        o = first(lambda o: o.kind == "month")
        if o:
            return _took(o, used, "month")
    if kind == "string" and parts & DATE_PARTS and not parts & ID_PARTS:
        edge = month_edge(parts, desc)
        dates = sorted((o for o in offers if o.kind == "date"), key=lambda o: o.start)
        if edge and len(dates) == 2:  # "between 3/15/2027 and 3/21/2027": the range's ends, in the request's order
            return _took(dates[0] if edge == "first" else dates[-1], used, "date")
        week = next((o for o in dates if o.noun == "week"), None) if edge else None
        if week is not None and len(dates) == 1:  # "the week of 15 March 2027": that day and the six after it
            if edge == "first":
                return _took(week, used, "date")
            day = datetime.date.fromisoformat(str(week.value)) + datetime.timedelta(days=6)
            used.add(id(week))
            return day.isoformat(), "last day of the week"
        other = (_OPENS if edge == "last" else _CLOSES) if edge else frozenset()  # ("since 4 January 2027" has no
        o = first(lambda o: o.kind == "date" and o.noun not in other)  # end: its date is no date_to)
        if o:
            return _took(o, used, "date")
        if first(lambda o: o.kind == "date"):
            return None
        o = first(lambda o: o.kind == "month") if edge else None
        if o is not None and o.noun in (_OPENS if edge == "last" else _CLOSES):
            return None  # "since January 2027" has no end; "until March 2027" no start
        if o is not None:  # "in November 2026" for a range's from/to: its first and last day
            year, month = (int(x) for x in str(o.value).split("-"))
            day = 1 if edge == "first" else calendar.monthrange(year, month)[1]
            used.add(id(o))
            return f"{year}-{month:02d}-{day:02d}", f"{edge} day of the month"
        if parts & _DAY_WORDS or "date" in desc:  # a date parameter takes a date or nothing ("flats to rent" is no
            return None  # date_to)
    # an id after a noun the parameter names ("issue 102" -> issue_id); a bare `id` takes the only one
    paging = bool(parts & {"page", "per", "offset", "limit", "cursor"})  # ("size 6 skates" sets no page_size)
    own = parts - ID_PARTS - GENERIC_NOUNS  # (the kind its name gives: piano for piano_id)
    o = None if paging else first(lambda o: o.kind == "noun_id" and (o.noun in parts or o.noun in desc and (
        parts & ID_PARTS and not own & desc)))  # (a movie_id described "the film's id" takes film 597's id; a
    # piano_id described "only visits of this piano" takes no visit's id: its description names its own kind)
    if o is None and parts & ID_PARTS:  # "in game BK-40788" for booking_id: the id's letters name its kind
        o = first(lambda o: o.kind == "noun_id" and isinstance(o.value, str) and
                  abbreviates(o.value, parts, strict=True))
    if o is None and parts <= {"id"}:
        ids = [x for x in fresh if x.kind == "noun_id"]
        o = ids[0] if len(ids) == 1 else None
    if o is not None and (kind != "integer" or isinstance(o.value, int)):
        return _took(o, used, f"id after {o.noun!r}")
    if is_identifier(name):  # an id is never a name or a count: an identifier-shaped token at most, and one
        o = first(lambda o: o.kind == "identifier" and id(o) not in used and abbreviates(str(o.value), parts)) \
            if kind == "string" and not any(x.kind == "noun_id" for x in offers) else None  # whose letters may
        # name its kind (INC-4420 for incident_id, not server_id; S-103 for show_id, and then not for sponsor_id
        return _took(o, used, "identifier") if o else None  # too: one id is one thing's); an ISBN: only isbn
    if kind in ("integer", "number"):
        o = first(lambda o: o.kind == "count" and bool(unit_names(o.noun) & (parts | desc)))
        if o:
            return _took(o, used, f"count of {o.noun}")
        if not required:
            return None
        o = first(lambda o: o.kind == "count" and parts & {"count", "n", "limit", "quantity", "qty", "number",
                                                             "amount", "size", "total"})
        if o is None:
            year = "year" in parts
            o = first(lambda o: o.kind == "number" and (not year or isinstance(o.value, int) and
                                                          1800 <= o.value <= 2100)) or \
                first(lambda o: o.kind == "number")  # (a count of something else is not this number)
        return _took(o, used, "number") if o else None
    if kind != "string":
        return None
    o = None if parts & ID_PARTS else first(  # (a name is no code: "Marlow Quay station" is no station_code)
        lambda o: o.kind in NAMED_BEFORE_NOUN and o.noun != "'s" and
        bool(SAME_NOUNS.get(o.head, {o.head}) & (parts - GENERIC_NOUNS)))
    if o is not None:  # "the Mathematics department" -> department, "the Riverside club" -> club
        return _took(o, used, f"name before {o.head!r}")
    words = [singular(w.lower()) for w in re.split(r"[_\-\s.]+|(?<=[a-z])(?=[A-Z])", name) if w]
    if parts & ID_PARTS and (not parts & NAME_PARTS - {"order"} or words[-1:] and words[-1] in ID_PARTS):  # a
        # code, a tracking number, a SKU, a member_number
        nouns = set(words) - ID_PARTS - GENERIC_NOUNS  # (an id after another kind's noun is not this one's:
        codes = {str(x.value) for x in offers if x.kind in ("identifier", "noun_id")}
        alone = not required and len(codes) == 1 and not any(x.kind == "noun_id" for x in offers)  # the one code,
        o = first(lambda o: id(o) not in used and (  # after no noun, fills a search's code filter ("Is TW341 late":
            o.kind == "isbn" or o.kind == "identifier" and (abbreviates(str(o.value), parts) or alone) or
            o.kind == "noun_id" and (not nouns or o.noun in parts | desc)))  # flight_number; "reservation
        # RS-4C" is no train's)
        if o:
            return _took(o, used, "identifier")
        o = first(lambda o: id(o) not in used and (o.kind == "quoted" and required or o.kind == "slug" and (
            required or any(ch.isdigit() for ch in str(o.value)))))  # what the user set apart ("at RTM-01"), else
        return _took(o, used, "name") if o else None  # no name: a code ("from_code" is no "Ravensholm Central")
    if parts & PLACE_PARTS:  # (an owner is no place: "Claire Moreau's rental")
        o = best("place") or (next((o for k in ("quoted", "cue", "name", "residual_place", "residual_named")
                                    for o in fresh if o.kind == k and o.noun != "'s"), None) or best("residual")
                              if required else None)
        if o:
            return _took(o, used, "place")
    if not required:  # an optional parameter takes only what names it (above)
        return None
    if parts & FREE_TEXT_PARTS and not parts & NAME_PARTS:  # service_type of "Book a tyre rotation for ..."
        o = first(lambda o: o.kind == "ordered")
        if o is not None:
            return _took(o, used, "what the order is for")
    named = parts & NAME_PARTS or {"name", "title", "search", "query", "keyword"} & desc
    if named or required:
        o = best("quoted", "cue", "name", "place", "slug")
        if o is None and parts & SEARCH_PARTS & {"query", "q", "search", "term", "keyword", "text"}:
            o = best("email", "phone")  # a search by free text finds by the email the request hands over
        if o is None and parts & SEARCH_PARTS:  # search text: what the request is about, else what is left
            o = best("topic", "residual_owner", "residual_named", "residual_place", "residual")
        if o is None and named:
            o = best("residual_owner", "residual_named", "residual_place", "residual") or (
                best("topic") if required else None)
        if o is not None and (named or o.kind in ("quoted", "cue", "slug")):  # else only what the user set apart
            return _took(o, used, "name")
    return None


RANGE_START = {"from", "start", "since", "after", "begin", "earliest", "min", "first"}
RANGE_END = {"to", "end", "until", "till", "before", "latest", "max", "last"}


def month_edge(parts: set[str], desc: set[str]) -> str | None:
    """Which end of a date range a parameter is ("date_from", "start_date", a ``to`` described as a booking
    date), so that a month fills it with its first or last day; None for one that is no range's end."""
    if not (parts & {"date", "day", "time"} or desc & {"date", "day", "dates"}):
        return None  # ("from" alone may be a place)
    if parts & RANGE_START or not parts & RANGE_END and desc & RANGE_START:
        return "first"
    if parts & RANGE_END or desc & RANGE_END:
        return "last"
    return None


def _took(offer: Offer, used: set[int], how: str) -> tuple[Any, str]:
    used.add(id(offer))
    return offer.value, how


# Nouns an API and a person use for the same thing ("the Data Platform team" fills ``department``).
SAME_NOUNS = {w: set(group.split()) for group in (
    "team department dept division unit group squad", "company organisation organization firm employer business",
    "shop store outlet", "film movie", "town city", "building site venue", "course class module",
    "branch location office", "doctor physician", "song track", "show programme program")
    for w in group.split()}
NAMED_BEFORE_NOUN = ("quoted", "name", "residual_named", "residual")
GENERIC_NOUNS = {"name", "id", "type", "value", "text", "query", "q", "search", "term", "key", "code", "number"}
WEAK_READINGS = ("number", "name", "place")


def abbreviates(token: str, parts: set[str], strict: bool = False) -> bool:
    """Whether an identifier's leading letters may stand for the kind an id parameter names: INC-4420 for
    ``incident_id``, TCH-03 for ``teacher_id``, srv-105 for ``server_id`` (the letters in order, the first one
    first), never INC-4420 for ``server_id``. One letter (S-2043), no letters, a role (``owner_id``,
    ``advisor_id``: any kind) or a bare ``id`` take any, unless ``strict``: then only letters that stand for the
    kind do (BK-40788 for ``booking_id``)."""
    nouns = [p for p in parts if p not in (BARE_ID_WORDS if strict else ID_PARTS)]  # (strict: a booking_id's
    # kind is the booking, though a booking is also a reference)
    if re.fullmatch(r"[A-Za-z]{2,4} \d+", token):  # "IC 512", "BA 117": an operator's letters and a number,
        return not strict and ("number" in parts or not nouns)  # a train_number or flight_number, never a
        # station's from_code
    m = re.match(r"([A-Za-z]{2,})[-_:#]\d" if strict else r"([A-Za-z]{2,})[-_:#]?\d", token)  # (strict: "sev1"
    if m is None or not nouns or any(p in ROLE_WORDS for p in nouns):  # is no server's id)
        return not strict
    letters = m.group(1).lower()

    def within(noun: str) -> bool:
        rest = iter(noun[1:])
        return noun[:1] == letters[0] and all(ch in rest for ch in letters[1:])

    return any(within(p) for p in nouns)


_CAPITAL_CODE = re.compile(r"[A-Z]{1,3}-[A-Z]{3,5}")  # a code of capitals alone, a hyphen after a short prefix
_CAPITAL_CODE_IN = re.compile(r"(?<![\w@.-])[A-Z]{1,3}-[A-Z]{3,5}(?![\w@-])")


def given_strongly(name: str, kind: str, description: str, offers: list[Offer]) -> bool:
    """Whether the request gives a parameter a value by its shape or its noun (an id after its noun, an
    identifier, an email, a date, a count of its unit...), not merely a name or a bare number."""
    hit = pick(name, kind, description, offers, set(), True)
    return hit is not None and hit[1] not in WEAK_READINGS


_PROPER = re.compile(r"(?<=[\w,;(] )[A-Z][a-z]+(?: [A-Z][a-z]+)*\b|(?<=\()[A-Z][a-z]+(?: [A-Z][a-z]+)*\b")
_EXAMPLES = re.compile(r"\((?:e\.g\.|eg|i\.e\.|for example|such as)[^)]*\)|\b(?:e\.g\.|for example|such as)[^.;)]*|"
                       r"\"[^\"]*\"|“[^”]*”|'[^']*'", re.IGNORECASE)


_NUM = r"[$€£]?\s?(\d+(?:\.\d+)?)\s?(?:%|percent|[a-z]{1,3}\b)?"
_LOWER_BOUND = re.compile(rf"\b(?:(?:more|greater|higher|stronger|bigger|larger|longer|heavier|older|later) than|"
                          rf"over|above|at least|minimum(?: of)?|min\.?)\s+{_NUM}|{_NUM}\s*(?:or more|\+|and up)",
                          re.IGNORECASE)
_UPPER_BOUND = re.compile(rf"\b(?:(?:less|fewer|lower|weaker|smaller|shorter|cheaper|lighter|younger|earlier) than|"
                          rf"under|below|at most|maximum(?: of)?|max\.?|up to|no more than)\s+{_NUM}|"
                          rf"{_NUM}\s*(?:or less|or fewer|or under)", re.IGNORECASE)
_DATE_LIKE = re.compile(r"\s*(?:/|-\d|:|am\b|pm\b)")  # a number that is part of a date or a time is no bound
_BOUND_PARTS = {"min": "lower", "minimum": "lower", "from": "lower", "max": "upper", "maximum": "upper", "to": "upper"}


def bound_for(name: str, text: str) -> float | None:
    """The number a request gives as a bound for a ``*_min`` / ``min_*`` (``*_max``...) parameter: "stronger than
    6.5%" for ``abv_min``, "under 20 euros" for ``max_price``; None when the request gives no such bound."""
    words = [w.lower() for w in re.split(r"[_\-\s]+|(?<=[a-z])(?=[A-Z])", name) if w]
    sides = {_BOUND_PARTS[w] for w in words if w in _BOUND_PARTS and w not in ("from", "to") or
             w in ("from", "to") and len(words) > 1 and w == words[-1]}
    if len(sides) != 1:
        return None
    pattern = _LOWER_BOUND if sides == {"lower"} else _UPPER_BOUND
    for m in pattern.finditer(text):
        value = next((g for g in m.groups() if g), None)
        if value is not None and not _DATE_LIKE.match(text, m.end()):
            return float(value)
    return None


def vocabulary_of(*texts: str) -> set[str]:
    """The words of tools' names, descriptions and parameters, lower case, camelCase and snake_case split: what
    a request says in the tools' own words is no name. Examples in a description ("e.g. "Lyon", "cape town"") are
    left out: they are names; so are capitalised words within a sentence ("region (Port Adair or Brinkley)")."""
    out: set[str] = set()
    for text in texts:
        text = _EXAMPLES.sub(" ", text or "")
        text = _PROPER.sub(" ", text)  # ("region (Port Adair or Brinkley)": names, not the tool's words)
        text = re.sub(r"([a-z])([A-Z])", r"\1 \2", text).replace("_", " ")
        out |= {w.lower() for w in re.findall(r"[A-Za-z]+", text)}
    return out
