"""Prizes: who wins what by the event's prize schedule (issue 27; docs/prizes.md).

- :mod:`caddy.prizes.awards`: :func:`~caddy.prizes.awards.award_prizes` gives a
  schedule's prizes to ranked players, group of tied players by group, each
  shared by the schedule's sharing plugin (hook ``caddy_register_prize_sharing``);
- :mod:`caddy.prizes.categories`: who qualifies for a prize, and why not.
"""
