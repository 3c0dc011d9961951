"""Words: tokens, the stop-word lists, the stemmer.

The stop-word lists differ on purpose, each named for its use (changing one changes what its caller ranks):

- :data:`REQUEST_STOPWORDS`: filler of a request, dropped before its words are compared with a tool's (the
  planner's word overlap and request typing);
- :data:`QUERY_STOPWORDS`: dropped from a request sent to the full-text index as plain terms;
- :data:`BM25_STOPWORDS`: the keyword index's list (English function words), dropped from tools and requests alike;
- :data:`NAME_STOPWORDS`: words of tool names and descriptions that say nothing about what a tool is about
  (``get``, ``api``, ``endpoint``), for the miner.

The stemmer comes in three strengths, each built on the one before: :func:`strip_s` (a final plural ``s`` off:
the keyword index), :func:`singular` (also ``-ies`` -> ``-y``: field names for the miner) and :func:`stem`
(also ``-ing``, ``-ed``, ``-er``, ``-or``: request words against tool words for the planner). None of them takes
the ``s`` off a word that ends in ``-ss``, ``-us`` or ``-sis`` (``address``, ``status``, ``analysis``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

WORD = re.compile(r"[a-z0-9]+")

REQUEST_STOPWORDS = frozenset(
    "a an the of for to in on and or is are be me my i you your can could please with about from what which that "
    "this it its also want would like need some give by as at all then get do".split())
# The full-text query keeps "by", "as", "at", "all", "then", "do" (Lucene scores them low anyway) and drops two
# request verbs more.
QUERY_STOPWORDS = (REQUEST_STOPWORDS - {"by", "as", "at", "all", "then", "do"}) | {"provide", "find"}
BM25_STOPWORDS = frozenset("""
a about above after again against all also am an and any are as at be because been before being below between both
but by can could did do does doing down during each few for from further get give had has have having he her here
hers herself him himself his how i if in into is it its itself just let like me more most my myself need no nor not
now of off on once only or other our ours out over own please provide same she should so some such than that the
their theirs them then there these they this those through to too under until up very want was we were what when
where which while who whom why will with would you your yours also find know help tell show us i'm i'd i'll it's
""".split())
NAME_STOPWORDS = frozenset(
    "a an the of for to from by with and or in on at as is are be this that it its into using based given input "
    "get gets search find list fetch retrieve return returns all any api endpoint use used can will about your "
    "you provide provides information info details detail data specific based new one".split())

# Words that end in -us but are plurals (menu -> menus): their s comes off like any plural's.
PLURAL_US = frozenset("menus gurus emus haikus tofus sudokus".split())


def split_case(text: str) -> str:
    """``getUserOrders`` -> ``get User Orders``: camelCase words apart."""
    return re.sub(r"([a-z])([A-Z])", r"\1 \2", text or "")


# Nouns ending in -che, -she or -xe: their plural loses only the s (caches -> cache, not cach).
E_NOUNS = frozenset("cache niche avalanche headache moustache microfiche quiche crèche creche cliche attache "
                    "axe".split())


def strip_s(word: str) -> str:
    """The plural ``s`` off a lower-case word of more than 3 letters (``orders`` -> ``order``); ``-sses`` ->
    ``-ss`` and ``-tuses`` -> ``-tus`` (``addresses``, ``statuses``), ``-ches``, ``-shes``, ``-xes`` lose their
    ``es`` (``branches``, ``boxes``; not ``caches``); a word that ends in ``-ss``, ``-us`` or ``-sis``
    keeps its ``s`` (``address``, ``status``, ``analysis``)."""
    if len(word) <= 3 or not word.endswith("s"):
        return word
    if word.endswith(("sses", "tuses")):
        return word[:-2]
    if word.endswith(("ches", "shes", "xes", "zzes")) and word[:-1] not in E_NOUNS:  # branches, boxes
        return word[:-2]
    if word.endswith(("ss", "sis")) or (word.endswith("us") and word not in PLURAL_US):
        return word
    return word[:-1]


def singular(word: str) -> str:
    """A field name's singular: ``ids`` -> ``id``, ``categories`` -> ``category``, else :func:`strip_s`."""
    if word == "ids":
        return "id"
    if word in ("species", "series"):  # one and many alike
        return word
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    return strip_s(word)


#: irregular past forms -> the verb, so that "how much did the insurer pay" meets ``total_paid`` (not "found",
#: "left", "lost", "led": founded, spots left, lost property, LED)
IRREGULAR = {"paid": "pay", "sold": "sell", "bought": "buy", "spent": "spend", "made": "make", "taken": "take",
             "took": "take", "given": "give", "gave": "give", "written": "write", "wrote": "write", "held": "hold",
             "kept": "keep", "sent": "send", "built": "build", "won": "win", "ran": "run", "seen": "see",
             "saw": "see", "met": "meet", "lent": "lend", "borrowed": "borrow", "flown": "fly",
             "flew": "fly", "driven": "drive", "drove": "drive", "chosen": "choose", "chose": "choose",
             "brought": "bring", "caught": "catch", "taught": "teach", "thought": "think", "told": "tell",
             "said": "say", "got": "get", "gotten": "get",
             "begun": "begin", "began": "begin", "done": "do", "did": "do", "went": "go", "gone": "go"}


def stem(word: str) -> str:
    """A crude English stem (plural, -ship, -ing, -ed, -er, -or and a final -e off; an irregular past form its
    verb), enough to match ``movies`` and ``movie``, ``directed`` and ``director``, ``manages`` and ``manager``,
    ``paid`` and ``pay``, ``membership`` and ``member_no``."""
    w = word.lower()
    w = IRREGULAR.get(w, w)
    if len(w) > 7 and w.endswith(("ship", "ships")):  # membership -> member, ownership -> owner
        w = w[: w.rindex("ship")]
    if len(w) > 6 and w.endswith("ies"):  # categories -> category (but movies -> movie, below)
        return w[:-3] + "y"
    for suffix in ("ings", "ing", "ers", "ed", "er"):
        if len(w) > len(suffix) + 3 and w.endswith(suffix):
            return w[: -len(suffix)]
    if len(w) > 4 and w.endswith("s"):  # a plural (not address, status, analysis)
        w = strip_s(w)
    elif len(w) > 6 and w.endswith("or"):  # director -> direct, like directed; creator -> creat, like created
        return w[:-2]
    if len(w) > 4 and w.endswith("e") and not w.endswith(("ee", "ie", "ye")):  # manage(s) -> manag, like manager
        return w[:-1]  # and managed; release(s) -> releas, like released
    return w


_FIELD_ENDINGS = ("istry", "ician", "ical", "ist", "ian", "ics", "ic", "al", "ry", "y")


def field_root(word: str) -> str:
    """A field of work and its worker alike (``dermatologist`` and ``dermatology``, ``pediatrician`` and
    ``pediatrics``, ``dentist`` and ``dentistry``, ``electrician`` and ``electrical``): the word singular, less one
    of these endings, at least four letters left."""
    w = singular(word.lower())
    for ending in _FIELD_ENDINGS:
        if w.endswith(ending) and len(w) - len(ending) >= 4:
            return w[: -len(ending)]
    return w


def tokens(text: str) -> list[str]:
    """Keyword tokens: camelCase and snake_case split, lower case, :data:`BM25_STOPWORDS` and one-letter words
    dropped, a plural ``s`` stripped (:func:`strip_s`)."""
    out = []
    for word in WORD.findall(split_case(text).lower()):
        if word in BM25_STOPWORDS or len(word) < 2:
            continue
        out.append(strip_s(word))
    return out


def words(text: str) -> set[str]:
    """The words of a text (snake_case split), less :data:`REQUEST_STOPWORDS`."""
    return {w for w in WORD.findall(text.lower().replace("_", " ")) if w not in REQUEST_STOPWORDS}


def content_words(text: str) -> list[str]:
    """The words of a text that carry content, in order: :func:`words` less numbers."""
    return [w for w in WORD.findall(text.lower().replace("_", " ")) if w not in REQUEST_STOPWORDS
            and not w.isdigit()]


def lexical_similarity(query: str, text: str) -> float:
    """Share of the query's words (stemmed) found in the text, in [0, 1]: the similarity used when no embeddings
    exist."""
    q = {stem(w) for w in words(query)}
    return len(q & {stem(w) for w in words(text)}) / len(q) if q else 0.0


# Reading a request for values (toolgraph.text.reading): words that are no value, and words that never make a
# name (time words, adverbs and verbs of requests).
READING_STOPWORDS = frozenset(
    "a about after all also an and any are as at be before by can could current did do does each every "
    "during find first for from get give had has have her his how i if in into is it it's its last latest list "
    "many me much my new next no not of on onto or our out over per please show since so some tell than "
    "that the their then there this to top under until up was what what's whats when where which who will "
    "with would yes you your".split())
NOT_A_NAME = frozenset(
    "too either neither exactly hi hello hey hiya dear thanks cheers "
    "afternoon again ago also am any are be been being can't currently day days details did do does don't "
    "done earliest early evening ever exact exactly first friday get go going got has have having he her "
    "here his hour hours how i'd i'm im info is isn't it just know last late latest less like long made "
    "make many may might monday month more morning much must need next night now ok okay one ones only "
    "our ours overdue please right saturday send sent shall she should show since soon status still "
    "sunday tell thanks their them there they thursday today tomorrow tonight tuesday us want was we "
    "wednesday week weekend were what what's whats when where which who who's whom whos whose why will "
    "won't year yesterday yet actually really already even recently usually normally definitely "
    "probably maybe perhaps between during within until across along via".split())
# Words of a request that name no attribute of an answer (toolgraph.execute.outcome).
ATTRIBUTE_STOPWORDS = frozenset(
    "a about all an and any are at be by called can check could current currently did do does each every "
    "find first for from get give had has have how i id ids in is it its know last latest let list look "
    "many me more much my named need next no not now of on one or our please s see should show some t "
    "tell that the their them there these they this those to up want was we were what when where which "
    "too also again who whom whose why will with would yes you your".split())


#: short forms APIs name fields with, and the words a request says them in (``size_sqm``: square metres)
ABBREVIATIONS = {"composition": "material", "fibre": "material", "fiber": "material", "fibres": "material",
                 "sqm": "square metres", "m2": "square metres", "sqft": "square feet", "ft2": "square feet",
                 "kg": "kilograms weight", "kgs": "kilograms weight", "lbs": "pounds weight", "km": "kilometres",
                 "kcal": "calories", "qty": "quantity", "amt": "amount", "dob": "date of birth birthday born",
                 "addr": "address", "tel": "telephone phone", "mob": "mobile phone", "desc": "description",
                 "img": "image", "pct": "percent", "yr": "year", "yrs": "years", "hrs": "hours", "mins": "minutes",
                 "ref": "reference", "num": "number", "dept": "department", "mgr": "manager", "acct": "account",
                 "avg": "average", "temp": "temperature", "loc": "location", "cap": "capacity",
                 "phone": "telephone mobile cell"}  # (a phone field answers "her mobile number")


def expand_abbreviations(words: set[str]) -> set[str]:
    """``words`` with the words each short form among them stands for (``sqm`` -> square, metres)."""
    return words | {w for a in words if a in ABBREVIATIONS for w in ABBREVIATIONS[a].split()}



def same_noun(noun: str, nouns: Iterable[str]) -> bool:
    """Whether a noun's stem is one of ``nouns`` (stems of words), a plural's odd stem too: shelf, shelves."""
    return any(stem(singular(x)) == noun or len(noun) >= 4 and
               len(os.path.commonprefix([x, noun])) >= max(4, len(noun) - 1) for x in nouns)
