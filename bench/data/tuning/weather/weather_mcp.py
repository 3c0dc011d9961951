"""Skycast weather MCP server (stdio): geocoding, daily forecasts, air quality and sunrise/sunset times.

Run: python weather_mcp.py   (speaks MCP over stdin/stdout)
Deterministic: fixed data, no randomness, no clock. "Today" is 2026-11-26: forecasts start on that day and air
quality is today's reading. Locations within half a degree of a known city get that city's weather; other
coordinates get weather derived from their rounded coordinates.
"""
import datetime as _dt
import hashlib
import math
import unicodedata

try:  # pydantic needs typing_extensions.TypedDict before Python 3.12
    from typing_extensions import TypedDict
except ImportError:
    from typing import TypedDict

try:  # mcp >= 2 renamed FastMCP to MCPServer
    from mcp.server.mcpserver import MCPServer as _Server
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as _Server
    from mcp.server.fastmcp.exceptions import ToolError

mcp = _Server("skycast-weather")

TODAY = _dt.date(2026, 11, 26)
CONDITIONS = ["sunny", "partly cloudy", "overcast", "light rain", "heavy rain", "drizzle", "fog", "snow showers",
              "sleet", "thunderstorms"]


def _fold(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)).lower().strip()


def _h(*parts) -> int:
    return int(hashlib.sha1("|".join(str(p) for p in parts).encode()).hexdigest()[:8], 16)


def _city(name, country, lat, lon, utc_offset, tmax, tmin, conditions, aqi, pm25, pm10, ozone):
    return {"name": name, "country": country, "latitude": lat, "longitude": lon, "utc_offset": utc_offset,
            "tmax": tmax, "tmin": tmin, "conditions": conditions, "aqi": aqi, "pm2_5": pm25, "pm10": pm10,
            "ozone": ozone}


CITIES = [
    _city("Lyon", "France", 45.7640, 4.8357, 1, 9, 3,
          ["light rain", "fog", "overcast", "sunny", "partly cloudy", "drizzle", "sunny"], 47, 11.2, 19.5, 38),
    _city("Porto", "Portugal", 41.1579, -8.6291, 0, 16, 10,
          ["partly cloudy", "sunny", "light rain", "heavy rain", "partly cloudy", "sunny", "sunny"], 22, 4.9, 12.0, 51),
    _city("Oslo", "Norway", 59.9139, 10.7522, 1, 1, -4,
          ["overcast", "snow showers", "snow showers", "partly cloudy", "sunny", "overcast", "sleet"], 31, 6.8, 14.1,
          29),
    _city("Kyoto", "Japan", 35.0116, 135.7681, 9, 14, 5,
          ["sunny", "sunny", "partly cloudy", "thunderstorms", "light rain", "partly cloudy", "sunny"], 64, 18.4, 33.0,
          44),
    _city("Valparaiso", "Chile", -33.0472, -71.6127, -3, 21, 12,
          ["partly cloudy", "sunny", "sunny", "fog", "sunny", "partly cloudy", "sunny"], 55, 14.0, 28.7, 60),
    _city("Cape Town", "South Africa", -33.9249, 18.4241, 2, 25, 15,
          ["sunny", "sunny", "partly cloudy", "sunny", "overcast", "sunny", "partly cloudy"], 41, 9.5, 22.3, 48),
    _city("Reykjavik", "Iceland", 64.1466, -21.9426, 0, 3, -2,
          ["overcast", "snow showers", "sleet", "overcast", "heavy rain", "partly cloudy", "snow showers"], 12, 2.1,
          6.4, 33),
    _city("Montreal", "Canada", 45.5019, -73.5674, -5, 2, -5,
          ["overcast", "sleet", "snow showers", "sunny", "sunny", "overcast", "snow showers"], 36, 8.0, 15.2, 27),
    _city("Nairobi", "Kenya", -1.2921, 36.8219, 3, 25, 14,
          ["thunderstorms", "partly cloudy", "light rain", "thunderstorms", "sunny", "light rain", "partly cloudy"],
          58, 16.1, 35.4, 41),
]


def _near(latitude: float, longitude: float):
    for c in CITIES:
        if abs(c["latitude"] - latitude) <= 0.5 and abs(c["longitude"] - longitude) <= 0.5:
            return c
    return None


def _check(latitude: float, longitude: float):
    if not (-90 <= latitude <= 90 and -180 <= longitude <= 180):
        raise ToolError("latitude must be within -90..90 and longitude within -180..180")


def _category(aqi: int) -> str:
    for limit, name in ((50, "Good"), (100, "Moderate"), (150, "Unhealthy for sensitive groups"),
                        (200, "Unhealthy")):
        if aqi <= limit:
            return name
    return "Very unhealthy"


class ForecastDay(TypedDict):
    date: str
    condition: str
    temp_max_c: int
    temp_min_c: int
    precipitation_mm: float
    wind_kph: int


class Forecast(TypedDict):
    latitude: float
    longitude: float
    location: str
    days: list[ForecastDay]


class SunTimes(TypedDict):
    date: str
    latitude: float
    longitude: float
    sunrise: str | None
    sunset: str | None
    day_length: str
    utc_offset: str
    note: str


@mcp.tool()
def geocode_city(city: str):
    """Look up a city by name (e.g. "Lyon", "cape town") and return its coordinates:
    {name, country, latitude, longitude}. Use the coordinates with the forecast, air quality and sun tools."""
    wanted = _fold(city).split(",")[0].strip()
    for c in CITIES:
        if _fold(c["name"]) == wanted or _fold(c["name"]).replace(" ", "") == wanted.replace(" ", ""):
            return {"name": c["name"], "country": c["country"], "latitude": c["latitude"], "longitude": c["longitude"]}
    raise ToolError(f"no city named {city!r}")


@mcp.tool()
def daily_forecast(latitude: float, longitude: float, days: int = 3) -> Forecast:
    """Daily weather forecast for a location, starting today, for 1 to 7 days: condition, max/min temperature
    (Celsius), precipitation (mm) and wind (km/h) per day."""
    _check(latitude, longitude)
    if not 1 <= days <= 7:
        raise ToolError("days must be between 1 and 7")
    c = _near(latitude, longitude)
    key = c["name"] if c else f"{latitude:.1f},{longitude:.1f}"
    out = []
    for i in range(days):
        date = (TODAY + _dt.timedelta(days=i)).isoformat()
        h = _h(key, date)
        if c:
            cond, tmax, tmin = c["conditions"][i], c["tmax"], c["tmin"]
        else:
            cond = CONDITIONS[h % len(CONDITIONS)]
            tmax = round(28 - abs(latitude) * 0.45)
            tmin = tmax - 7
        shift = (h >> 4) % 5 - 2
        wet = cond in ("light rain", "heavy rain", "drizzle", "snow showers", "sleet", "thunderstorms")
        out.append({"date": date, "condition": cond, "temp_max_c": tmax + shift, "temp_min_c": tmin + shift // 2,
                    "precipitation_mm": round(((h >> 8) % 120) / 10 + (8 if cond in ("heavy rain", "thunderstorms")
                                                                         else 0), 1) if wet else 0.0,
                    "wind_kph": 5 + (h >> 12) % 30})
    return {"latitude": latitude, "longitude": longitude,
            "location": c["name"] if c else f"{latitude:.2f}, {longitude:.2f}", "days": out}


@mcp.tool()
def air_quality(latitude: float, longitude: float) -> dict:
    """Today's air quality at a location: US AQI (0-500), its category, PM2.5, PM10 and ozone in µg/m³ and the
    dominant pollutant."""
    _check(latitude, longitude)
    c = _near(latitude, longitude)
    if c:
        aqi, pm25, pm10, ozone = c["aqi"], c["pm2_5"], c["pm10"], c["ozone"]
    else:
        h = _h(f"{latitude:.1f},{longitude:.1f}", "air")
        aqi = 15 + h % 80
        pm25, pm10, ozone = round(aqi * 0.28, 1), round(aqi * 0.55, 1), 20 + h % 40
    dominant = "pm2_5" if pm25 * 2.2 >= ozone * 0.6 else "ozone"
    return {"latitude": latitude, "longitude": longitude, "date": TODAY.isoformat(), "aqi": aqi,
            "category": _category(aqi), "pm2_5": pm25, "pm10": pm10, "ozone": ozone, "dominant_pollutant": dominant}


def _sun(date: _dt.date, lat: float, lon: float):
    """Sunrise and sunset (UTC datetimes) by the sunrise equation; (None, None, 'polar night' | 'midnight sun')."""
    jdate = 2440587.5 + (date - _dt.date(1970, 1, 1)).days + 0.5
    n = math.ceil(jdate - 2451545.0 + 0.0008)
    jstar = n - lon / 360
    m = (357.5291 + 0.98560028 * jstar) % 360
    mr = math.radians(m)
    c = 1.9148 * math.sin(mr) + 0.02 * math.sin(2 * mr) + 0.0003 * math.sin(3 * mr)
    lam = math.radians((m + c + 180 + 102.9372) % 360)
    jtransit = 2451545.0 + jstar + 0.0053 * math.sin(mr) - 0.0069 * math.sin(2 * lam)
    decl = math.asin(math.sin(lam) * math.sin(math.radians(23.4397)))
    phi = math.radians(lat)
    cos_w = (math.sin(math.radians(-0.833)) - math.sin(phi) * math.sin(decl)) / (math.cos(phi) * math.cos(decl))
    if cos_w > 1:
        return None, None, "polar night"
    if cos_w < -1:
        return None, None, "midnight sun"
    w = math.degrees(math.acos(cos_w))

    def to_dt(j):
        return _dt.datetime(1970, 1, 1) + _dt.timedelta(seconds=round((j - 2440587.5) * 86400))
    return to_dt(jtransit - w / 360), to_dt(jtransit + w / 360), ""


@mcp.tool()
def sunrise_sunset(latitude: float, longitude: float, date: str) -> SunTimes:
    """Sunrise and sunset at a location on a date (YYYY-MM-DD), in local time (HH:MM), with the day length.
    Near the poles sunrise and sunset are null and the note says "polar night" or "midnight sun"."""
    _check(latitude, longitude)
    try:
        day = _dt.date.fromisoformat(date.strip())
    except ValueError:
        raise ToolError("date must look like YYYY-MM-DD") from None
    c = _near(latitude, longitude)
    offset = c["utc_offset"] if c else round(longitude / 15)
    rise, sett, note = _sun(day, latitude, longitude)
    if rise is None:
        length = "24h 00m" if note == "midnight sun" else "0h 00m"
        local_rise = local_set = None
    else:
        shift = _dt.timedelta(hours=offset)
        local_rise, local_set = (rise + shift).strftime("%H:%M"), (sett + shift).strftime("%H:%M")
        minutes = round((sett - rise).total_seconds() / 60)
        length = f"{minutes // 60}h {minutes % 60:02d}m"
    return {"date": day.isoformat(), "latitude": latitude, "longitude": longitude, "sunrise": local_rise,
            "sunset": local_set, "day_length": length, "utc_offset": f"UTC{offset:+d}", "note": note}


if __name__ == "__main__":
    mcp.run()
