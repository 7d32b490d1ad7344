"""FIDE's titles as files write them: the data :mod:`caddy.model.ratings` checks
titles with, in a module of its own so that a reader that only maps old codes
(the TRF reader on ``caddy standings FILE.trf``) need not import the rating-list
classes (attrs, datetime) to get them."""

from __future__ import annotations

#: Old one- and two-letter titles (``g`` grandmaster ...: FIDE's lists before
#: 2012, TRF06 and FIDE's 2005 sample) and the titles they stand for today.
OLD_TITLES = {
    "g": "GM",
    "m": "IM",
    "f": "FM",
    "c": "CM",
    "wg": "WGM",
    "wm": "WIM",
    "wf": "WFM",
    "wc": "WCM",
}

#: FIDE's titles (FIDE Handbook B.01), as TRF columns 11-13 write them.
TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
