"""Built-in prize-sharing methods: ``none``, ``equal``, ``hort``, ``uscf`` (docs/prizes.md)."""
