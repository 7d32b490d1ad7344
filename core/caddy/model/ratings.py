"""What an event keeps of rating lists and rating methods (issue 26).

- :class:`ListedRating` and :class:`ListedPlayer`: one player of a FIDE rating
  list, as the list gives it (read by :mod:`caddy.ratings.lists`, stored by
  :mod:`caddy.ratings.store`, copied into the event by ``caddy new
  --rating-list`` and ``caddy add --fide-id`` so the event replays without the
  list);
- :class:`RatingSetup`: the event's rating type and tournament-rating method
  (FIDE's software-endorsement checklist: FIDE, NRO, FIDON, NIDOF, HBFN).

All are frozen attrs classes serialised with cattrs (docs/json.md).
"""

from __future__ import annotations

import datetime
from typing import ClassVar, Literal

import attrs

# the title data lives in caddy.model.titles (no attrs, no datetime); still importable from here
from caddy.model.titles import OLD_TITLES as OLD_TITLES
from caddy.model.titles import TITLES as TITLES

#: The three FIDE rating lists (FIDE Handbook B.02).
RatingType = Literal["standard", "rapid", "blitz"]
RATING_TYPES: tuple[RatingType, ...] = ("standard", "rapid", "blitz")

#: How a player's tournament rating is chosen (FIDE endorsement checklist):
#: ``fide`` FIDE only; ``nro`` national only; ``fidon`` FIDE else national;
#: ``nidof`` national else FIDE; ``hbfn`` the higher of both.
TournamentRatingMethod = Literal["fide", "nro", "fidon", "nidof", "hbfn"]
RATING_METHODS: tuple[TournamentRatingMethod, ...] = ("fide", "nro", "fidon", "nidof", "hbfn")


@attrs.frozen(kw_only=True)
class ListedRating:
    """One rating of a listed player (standard, rapid or blitz)."""

    omit_defaults: ClassVar[tuple[str, ...]] = ("games", "k", "flag")

    #: The rating (``None``: the player has none on this list).
    rating: int | None = None
    #: Rated games in the list's period (FIDE's ``SGm``/``RGm``/``BGm``).
    games: int | None = None
    #: The development coefficient the list gives (``SK``/``RK``/``BK``).
    k: int | None = None
    #: The per-type list's flag (``i`` inactive, ``w`` woman, ``wi`` both).
    flag: str | None = None


@attrs.frozen(kw_only=True)
class ListedPlayer:
    """One player of a FIDE rating list."""

    omit_defaults: ClassVar[tuple[str, ...]] = (
        "federation",
        "sex",
        "title",
        "women_title",
        "other_titles",
        "foa_title",
        "birth_year",
        "flag",
        "standard",
        "rapid",
        "blitz",
        "list_name",
        "list_date",
    )

    fide_id: int
    name: str
    federation: str | None = None
    #: ``M`` or ``F`` as the list writes it.
    sex: str | None = None
    #: The FIDE title (``GM``, ``IM``, ``FM``, ``CM``, ``WGM``, ``WIM``, ``WFM``, ``WCM``, ``WH`` ...).
    title: str | None = None
    #: The women's title column of the combined list (``WGM`` ...), if separate.
    women_title: str | None = None
    #: Other titles (arbiter, trainer ...: ``IA,FI``) as written.
    other_titles: str | None = None
    #: FIDE Online Arena title (``AGM`` ...).
    foa_title: str | None = None
    birth_year: int | None = None
    #: The list's flag (``i`` inactive, ``w`` woman, ``wi``), as written.
    flag: str | None = None
    standard: ListedRating | None = None
    rapid: ListedRating | None = None
    blitz: ListedRating | None = None
    #: Which list it came from (a file name or FIDE's list name).
    list_name: str | None = None
    #: The list's date (FIDE publishes monthly lists dated the 1st).
    list_date: datetime.date | None = None

    def of(self, kind: RatingType) -> ListedRating | None:
        """The rating of ``kind`` (``None``: not on that list)."""
        value: ListedRating | None = getattr(self, kind)
        return value

    @property
    def best_title(self) -> str | None:
        """The title a pairing list shows: the FIDE title, else the women's title."""
        return self.title or self.women_title


@attrs.frozen(kw_only=True)
class RatingSetup:
    """The event's ratings: which list type rates it, and how a player's
    tournament rating (pairing numbers, rating tie-breaks) is chosen."""

    omit_defaults: ClassVar[tuple[str, ...]] = ("type", "list_name", "list_date")

    method: TournamentRatingMethod = "fide"
    #: The rating list the event is rated on (``None``: by the time control,
    #: FIDE's categories: blitz up to 10 minutes, rapid under 60, else standard).
    type: RatingType | None = None
    #: The rating list players were taken from, if any.
    list_name: str | None = None
    list_date: datetime.date | None = None


#: The most digits a FIDE ID has (FIDE's lists have nine-digit IDs; room for one more).
FIDE_ID_DIGITS = 10


def fide_id_problem(text: str) -> str | None:
    """What is wrong with ``text`` as a FIDE ID (ASCII digits, at most
    :data:`FIDE_ID_DIGITS`), or ``None``."""
    if not (text.isascii() and text.isdigit()):
        return f"'{text}' is not a FIDE ID (digits)"
    if len(text) > FIDE_ID_DIGITS:
        return f"'{text}' is not a FIDE ID (at most {FIDE_ID_DIGITS} digits)"
    return None


def title_problem(text: str) -> str | None:
    """What is wrong with ``text`` as a player's FIDE title (one of :data:`TITLES`
    or an old code of :data:`OLD_TITLES`, in any case), or ``None``."""
    if text.lower() in OLD_TITLES or text.upper() in TITLES:
        return None
    return (
        f"'{text}' is not a FIDE title ({', '.join(TITLES)}, "
        f"or an old code: {', '.join(OLD_TITLES)})"
    )


def canonical_title(text: str) -> str:
    """The title ``text`` names as :data:`TITLES` writes it (``gm``, ``g`` and ``G``: ``GM``)."""
    return OLD_TITLES.get(text.lower()) or text.upper()


def detail_problems(
    title: str | None, federation: str | None, fide_id: str | None, *, columns: bool = True
) -> list[str]:
    """What is wrong with a player's title, federation and FIDE ID (``None`` or
    ``""``: not given), one line each, named by the column of a players CSV
    (``columns=False``: the problem alone, which names what it expected)."""
    return [
        f"{column} {problem}" if columns else problem
        for column, value, check in (
            ("fide_id", fide_id, fide_id_problem),
            ("title", title, title_problem),
            ("federation", federation, federation_problem),
        )
        if value and (problem := check(value)) is not None
    ]


def canonical_details(
    title: str | None, federation: str | None, fide_id: str | None
) -> tuple[str | None, str | None, str | None]:
    """Checked details (:func:`detail_problems`) as an event keeps them: the title
    as FIDE writes it, the federation in capitals, ``""`` as ``None``."""
    return (
        canonical_title(title) if title else None,
        federation.upper() if federation else None,
        fide_id or None,
    )


def federation_problem(text: str) -> str | None:
    """What is wrong with ``text`` as a federation (three ASCII letters, FIDE's
    codes: TRF columns 54-56), or ``None``."""
    if len(text) == 3 and text.isascii() and text.isalpha():
        return None
    return f"'{text}' is not a federation (three letters, as FIDE's codes: HUN, GER)"


def tournament_rating(
    method: TournamentRatingMethod, fide: int | None, national: int | None
) -> int | None:
    """A player's tournament rating by ``method`` (FIDE's endorsement
    checklist): ``fide`` the FIDE rating; ``nro`` the national rating;
    ``fidon`` FIDE, else national; ``nidof`` national, else FIDE; ``hbfn``
    the higher of both (``None``: unrated by that method)."""
    if method == "fide":
        return fide
    if method == "nro":
        return national
    if method == "fidon":
        return fide if fide is not None else national
    if method == "nidof":
        return national if national is not None else fide
    both = [r for r in (fide, national) if r is not None]
    return max(both) if both else None


def listed_rating(listed: ListedPlayer, kind: RatingType) -> int | None:
    """The FIDE rating a rapid or blitz event takes for a listed player: that
    list's rating, else the standard one (FIDE Handbook B.02, rapid and blitz
    7.2.1); a standard event, the standard rating."""
    own = listed.of(kind)
    if own is not None and own.rating is not None:
        return own.rating
    standard = listed.standard
    return standard.rating if standard is not None else None


def rating_type_of(category: str | None) -> RatingType:
    """The rating list of a FIDE time-control category
    (:attr:`caddy.model.timecontrol.TimeControl.fide_category`; ``None``: standard)."""
    if category is not None and category.startswith(("blitz", "rapid")):
        return "blitz" if category.startswith("blitz") else "rapid"
    return "standard"
