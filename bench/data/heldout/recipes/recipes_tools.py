"""Recipe box tools: search recipes, read and scale them, nutrition, unit conversion, shopping lists, meal plans.

Plain functions over fixed in-memory data (no I/O, no randomness). Recipe ids look like "R-101", author ids like
"AU-5". Quantities are metric unless converted with convert_units.
"""
import hashlib
import re
from typing import TypedDict


class RecipeHit(TypedDict):
    recipe_id: str
    title: str
    cuisine: str
    total_minutes: int


class AuthorHit(TypedDict):
    author_id: str
    name: str


class Nutrition(TypedDict):
    recipe_id: str
    title: str
    basis: str
    calories_kcal: float
    protein_g: float
    carbs_g: float
    fat_g: float
    fiber_g: float


class Conversion(TypedDict):
    value: float
    unit: str
    from_value: float
    from_unit: str


AUTHORS = {
    "AU-3": {"author_id": "AU-3", "name": "Ines Moreau", "email": "ines@moreau-kitchen.example",
             "website": "https://moreau-kitchen.example", "joined": "2023-04-02", "specialty": "Italian home cooking"},
    "AU-5": {"author_id": "AU-5", "name": "Kenji Watanabe", "email": "kenji.watanabe@umami-lab.example",
             "website": "https://umami-lab.example", "joined": "2022-09-19", "specialty": "East Asian weeknight meals"},
    "AU-8": {"author_id": "AU-8", "name": "Sofia Brandt", "email": "sofia@brandtbakes.example",
             "website": "https://brandtbakes.example", "joined": "2024-01-11", "specialty": "Breakfasts and fish"},
    "AU-9": {"author_id": "AU-9", "name": "Daniel Okoro", "email": "daniel.okoro@okoro-eats.example",
             "website": "https://okoro-eats.example", "joined": "2023-08-30", "specialty": "One-pot vegetarian"},
}


def _r(rid, title, author, cuisine, servings, minutes, published, ingredients, steps, nutrition):
    return {"recipe_id": rid, "title": title, "author_id": author, "cuisine": cuisine, "servings": servings,
            "total_minutes": minutes, "published": published,
            "ingredients": [{"item": i, "quantity": q, "unit": u} for i, q, u in ingredients],
            "steps": steps, "nutrition_per_serving": dict(zip(("calories_kcal", "protein_g", "carbs_g", "fat_g",
                                                                "fiber_g"), nutrition))}


RECIPES = {r["recipe_id"]: r for r in [
    _r("R-101", "Shakshuka", "AU-9", "Middle Eastern", 4, 35, "2025-02-18",
       [("eggs", 6, "pcs"), ("canned tomatoes", 800, "g"), ("red bell pepper", 2, "pcs"), ("onion", 1, "pcs"),
        ("garlic", 3, "clove"), ("ground cumin", 2, "tsp"), ("feta", 100, "g"), ("olive oil", 2, "tbsp")],
       ["Soften onion and pepper in the oil.", "Add garlic, cumin and tomatoes; simmer 10 minutes.",
        "Make wells, crack in the eggs, cover until just set.", "Crumble feta over and serve."],
       (312, 18.5, 17.0, 19.2, 4.1)),
    _r("R-102", "Mushroom Risotto", "AU-3", "Italian", 4, 40, "2024-11-03",
       [("arborio rice", 320, "g"), ("mushrooms", 400, "g"), ("parmesan", 60, "g"), ("butter", 45, "g"),
        ("vegetable stock", 1200, "ml"), ("dry white wine", 150, "ml"), ("onion", 1, "pcs"), ("garlic", 2, "clove")],
       ["Brown the mushrooms in half the butter.", "Sweat onion and garlic, toast the rice, add the wine.",
        "Add hot stock a ladle at a time for 18 minutes.", "Stir in mushrooms, parmesan and remaining butter."],
       (548, 14.2, 78.5, 17.9, 3.2)),
    _r("R-103", "Thai Green Curry with Chicken", "AU-5", "Thai", 4, 45, "2024-07-21",
       [("chicken thighs", 600, "g"), ("coconut milk", 400, "ml"), ("green curry paste", 3, "tbsp"),
        ("thai basil", 20, "g"), ("fish sauce", 2, "tbsp"), ("green beans", 150, "g"), ("jasmine rice", 300, "g")],
       ["Fry the curry paste in a little coconut milk.", "Add sliced chicken, then the rest of the coconut milk.",
        "Simmer with the beans for 12 minutes; season with fish sauce.", "Finish with basil; serve over rice."],
       (587, 36.4, 62.0, 21.3, 2.8)),
    _r("R-104", "Lemon Garlic Salmon", "AU-8", "Nordic", 2, 25, "2025-06-14",
       [("salmon fillet", 340, "g"), ("lemon", 1, "pcs"), ("garlic", 3, "clove"), ("butter", 35, "g"),
        ("fresh dill", 10, "g")],
       ["Melt butter with garlic and lemon zest.", "Spoon over the salmon and bake at 200 C for 12 minutes.",
        "Finish with lemon juice and dill."],
       (468, 35.1, 2.4, 35.6, 0.3)),
    _r("R-105", "Chickpea and Spinach Stew", "AU-9", "Mediterranean", 6, 50, "2024-10-09",
       [("chickpeas", 800, "g"), ("spinach", 300, "g"), ("canned tomatoes", 400, "g"), ("onion", 2, "pcs"),
        ("garlic", 4, "clove"), ("ground cumin", 1, "tsp"), ("vegetable stock", 500, "ml")],
       ["Soften onions and garlic with the cumin.", "Add chickpeas, tomatoes and stock; simmer 30 minutes.",
        "Wilt in the spinach and season."],
       (296, 14.8, 41.2, 6.5, 11.9)),
    _r("R-106", "Banana Oat Pancakes", "AU-8", "American", 2, 20, "2025-03-30",
       [("bananas", 2, "pcs"), ("rolled oats", 120, "g"), ("eggs", 2, "pcs"), ("milk", 240, "ml"),
        ("baking powder", 1, "tsp")],
       ["Blend everything into a thick batter.", "Cook small pancakes 2 minutes a side on a medium pan."],
       (389, 14.5, 58.7, 9.8, 6.4)),
    _r("R-107", "Beef Bulgogi", "AU-5", "Korean", 4, 30, "2025-01-12",
       [("beef sirloin", 700, "g"), ("soy sauce", 80, "ml"), ("asian pear", 1, "pcs"), ("garlic", 5, "clove"),
        ("sesame oil", 2, "tbsp"), ("brown sugar", 30, "g"), ("spring onions", 3, "pcs")],
       ["Grate the pear and mix with soy, garlic, sugar and sesame oil.", "Marinate the sliced beef 2 hours.",
        "Sear in batches in a very hot pan; scatter spring onions."],
       (442, 39.6, 18.3, 22.7, 1.5)),
    _r("R-108", "Caprese Salad", "AU-3", "Italian", 2, 10, "2024-08-05",
       [("buffalo mozzarella", 250, "g"), ("tomatoes", 3, "pcs"), ("basil", 15, "g"), ("olive oil", 2, "tbsp"),
        ("balsamic vinegar", 1, "tbsp")],
       ["Slice tomatoes and mozzarella.", "Layer with basil, dress with oil and balsamic vinegar."],
       (356, 20.1, 7.9, 27.4, 1.6)),
    _r("R-109", "Spinach and Feta Omelette", "AU-8", "Greek", 1, 10, "2025-05-02",
       [("eggs", 3, "pcs"), ("spinach", 50, "g"), ("feta", 40, "g"), ("butter", 10, "g")],
       ["Wilt the spinach in the butter.", "Add beaten eggs, scatter feta, fold when just set."],
       (341, 24.9, 3.1, 25.8, 1.2)),
]}

SUBSTITUTES = {
    "fish sauce": ["soy sauce with a squeeze of lime", "anchovy paste (a little)", "vegan fish sauce"],
    "feta": ["ricotta salata", "goat cheese", "halloumi"],
    "arborio rice": ["carnaroli rice", "vialone nano rice", "pearl barley (longer cooking)"],
    "butter": ["olive oil (three quarters of the amount)", "ghee"],
    "buffalo mozzarella": ["fior di latte", "burrata"],
    "asian pear": ["bosc pear", "kiwi (a little, it tenderises fast)"],
    "dry white wine": ["vegetable stock with a splash of white wine vinegar", "dry vermouth"],
    "coconut milk": ["coconut cream thinned with water", "evaporated milk with coconut extract"],
}

# factor to the base unit (g for mass, ml for volume)
_UNITS = {"g": ("mass", 1.0), "kg": ("mass", 1000.0), "oz": ("mass", 28.349523125), "lb": ("mass", 453.59237),
          "ml": ("volume", 1.0), "l": ("volume", 1000.0), "tsp": ("volume", 4.92892), "tbsp": ("volume", 14.7868),
          "cup": ("volume", 236.588), "fl oz": ("volume", 29.5735)}
_ALIASES = {"gram": "g", "grams": "g", "gr": "g", "kilogram": "kg", "kilograms": "kg", "kilo": "kg", "kilos": "kg",
            "ounce": "oz", "ounces": "oz", "pound": "lb", "pounds": "lb", "lbs": "lb", "milliliter": "ml",
            "milliliters": "ml", "millilitre": "ml", "millilitres": "ml", "liter": "l", "liters": "l",
            "litre": "l", "litres": "l", "teaspoon": "tsp", "teaspoons": "tsp", "tablespoon": "tbsp",
            "tablespoons": "tbsp", "cups": "cup", "fluid ounce": "fl oz", "fluid ounces": "fl oz", "floz": "fl oz",
            "fl_oz": "fl oz"}
_MEAL_PLANS: dict = {}


def _stem(word: str) -> str:
    word = word.lower()
    for suffix in ("es", "s"):
        if word.endswith(suffix) and len(word) > 4:
            return word[: -len(suffix)]
    return word


def _all_words_in(query: str, text: str) -> bool:
    words = [w for w in re.split(r"[^\w]+", query.lower()) if w and w not in ("and", "with", "the", "a")]
    return bool(words) and all(_stem(w) in text.lower() for w in words)


def _recipe(recipe_id: str) -> dict:
    recipe = RECIPES.get(recipe_id.strip().upper())
    if recipe is None:
        raise KeyError(f"no recipe with id {recipe_id!r}; find ids with search_recipes_by_title or _by_ingredient")
    return recipe


def _hit(r: dict) -> RecipeHit:
    return {"recipe_id": r["recipe_id"], "title": r["title"], "cuisine": r["cuisine"],
            "total_minutes": r["total_minutes"]}


def _unit(unit: str) -> str:
    u = unit.strip().lower().rstrip(".")
    u = _ALIASES.get(u, u)
    if u not in _UNITS:
        raise ValueError(f"unknown unit {unit!r}; known: {', '.join(_UNITS)}")
    return u


def search_recipes_by_ingredient(ingredient: str, max_minutes: int | None = None) -> list[RecipeHit]:
    """Find recipes that use an ingredient (e.g. "chickpeas", "arborio rice"), optionally only quick ones.

    Args:
        ingredient: ingredient name or part of it, case-insensitive.
        max_minutes: if given, only recipes whose total time is at most this many minutes.
    """
    return [_hit(r) for r in RECIPES.values()
            if any(_all_words_in(ingredient, i["item"]) for i in r["ingredients"])
            and (max_minutes is None or r["total_minutes"] <= max_minutes)]


def search_recipes_by_title(title: str) -> list[RecipeHit]:
    """Find recipes whose title contains every word of `title` (case-insensitive), e.g. "mushroom risotto"."""
    return [_hit(r) for r in RECIPES.values() if _all_words_in(title, r["title"])]


def get_recipe(recipe_id: str) -> dict:
    """Full recipe by id.

    Returns a dict with: recipe_id, title, author_id (see get_author), cuisine, servings, total_minutes,
    published (YYYY-MM-DD), ingredients (list of {item, quantity, unit}) and steps (list of strings).
    """
    r = _recipe(recipe_id)
    return {k: v for k, v in r.items() if k != "nutrition_per_serving"}


def scale_recipe(recipe_id: str, servings: int) -> dict:
    """Scale a recipe's ingredient quantities to a number of servings.

    Returns a dict with: recipe_id, title, original_servings, servings, factor and ingredients
    (list of {item, quantity, unit} with quantities scaled and rounded to 2 decimals).
    """
    if servings <= 0:
        raise ValueError("servings must be a positive number")
    r = _recipe(recipe_id)
    factor = servings / r["servings"]
    return {"recipe_id": r["recipe_id"], "title": r["title"], "original_servings": r["servings"],
            "servings": servings, "factor": round(factor, 4),
            "ingredients": [{"item": i["item"], "quantity": round(i["quantity"] * factor, 2), "unit": i["unit"]}
                            for i in r["ingredients"]]}


def get_nutrition(recipe_id: str, per_serving: bool = True) -> Nutrition:
    """Nutrition facts of a recipe: calories (kcal), protein, carbohydrates, fat and fiber in grams.

    Args:
        recipe_id: the recipe.
        per_serving: True (default) for one serving, False for the whole recipe as written.
    """
    r = _recipe(recipe_id)
    mult = 1 if per_serving else r["servings"]
    n = {k: round(v * mult, 1) for k, v in r["nutrition_per_serving"].items()}
    return {"recipe_id": r["recipe_id"], "title": r["title"],
            "basis": "per serving" if per_serving else f"whole recipe ({r['servings']} servings)", **n}


def convert_units(quantity: float, from_unit: str, to_unit: str) -> Conversion:
    """Convert a kitchen quantity between units of the same kind, rounded to 2 decimals.

    Mass: g, kg, oz, lb. Volume: ml, l, tsp, tbsp, cup (US, 236.588 ml), fl oz. Full names work too
    ("ounces", "millilitres", "cups").
    """
    f, t = _unit(from_unit), _unit(to_unit)
    if _UNITS[f][0] != _UNITS[t][0]:
        raise ValueError(f"cannot convert {_UNITS[f][0]} ({f}) to {_UNITS[t][0]} ({t})")
    value = quantity * _UNITS[f][1] / _UNITS[t][1]
    return {"value": round(value, 2), "unit": t, "from_value": quantity, "from_unit": f}


def shopping_list(recipe_ids: list[str], servings: int | None = None) -> dict:
    """Combined shopping list for several recipes, adding up equal items measured in the same unit.

    Args:
        recipe_ids: recipes to cook, e.g. ["R-101", "R-105"].
        servings: if given, every recipe is scaled to this many servings first; otherwise as written.

    Returns a dict with: recipes (titles) and items (list of {item, quantity, unit, used_in}) sorted by item.
    """
    totals: dict = {}
    titles = []
    for rid in recipe_ids:
        r = _recipe(rid)
        titles.append(r["title"])
        factor = servings / r["servings"] if servings else 1
        for i in r["ingredients"]:
            key = (i["item"], i["unit"])
            entry = totals.setdefault(key, {"item": i["item"], "quantity": 0, "unit": i["unit"], "used_in": []})
            entry["quantity"] = round(entry["quantity"] + i["quantity"] * factor, 2)
            entry["used_in"].append(r["title"])
    return {"recipes": titles, "items": [totals[k] for k in sorted(totals)]}


def get_author(author_id: str) -> dict:
    """Recipe author profile.

    Returns a dict with: author_id, name, email, website, joined (YYYY-MM-DD) and specialty.
    """
    author = AUTHORS.get(author_id.strip().upper())
    if author is None:
        raise KeyError(f"no author with id {author_id!r}")
    return dict(author)


def find_authors(name: str) -> list[AuthorHit]:
    """Find recipe authors whose name contains every word of `name` (case-insensitive)."""
    return [{"author_id": a["author_id"], "name": a["name"]} for a in AUTHORS.values()
            if _all_words_in(name, a["name"])]


def list_recipes_by_author(author_id: str) -> list[RecipeHit]:
    """All recipes written by an author (by author id, e.g. "AU-5")."""
    aid = author_id.strip().upper()
    if aid not in AUTHORS:
        raise KeyError(f"no author with id {author_id!r}")
    return [_hit(r) for r in RECIPES.values() if r["author_id"] == aid]


def get_substitutes(ingredient: str) -> list[str]:
    """Common substitutes for an ingredient (empty list when none are known)."""
    key = ingredient.strip().lower()
    return list(SUBSTITUTES.get(key, SUBSTITUTES.get(_stem(key), [])))


def save_meal_plan(date: str, recipe_ids: list[str], servings: int = 2) -> dict:
    """Save a meal plan: the recipes to cook on a date (YYYY-MM-DD).

    Returns a dict with: plan_code (a stable code for this date and set of recipes; saving the same plan again
    returns the same code), date, recipes (titles) and servings.
    """
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date.strip()):
        raise ValueError("date must be YYYY-MM-DD")
    ids = sorted(_recipe(rid)["recipe_id"] for rid in recipe_ids)
    if not ids:
        raise ValueError("give at least one recipe id")
    digest = hashlib.sha1(f"{date.strip()}|{','.join(ids)}".encode()).hexdigest().upper()
    code = f"MP-{digest[:6]}"
    _MEAL_PLANS[code] = {"plan_code": code, "date": date.strip(), "recipes": [RECIPES[i]["title"] for i in ids],
                         "servings": servings}
    return dict(_MEAL_PLANS[code])
