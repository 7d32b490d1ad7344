"""caddy's pluggy plugin manager: pluggy's, quicker to register a plugin module."""

from __future__ import annotations

from types import FunctionType, ModuleType

import pluggy


class PluginManager(pluggy.PluginManager):
    """pluggy's manager, quicker to register a plugin module.

    pluggy looks at every name ``dir(module)`` lists, each through
    :func:`inspect.getattr_static` (slow on a module); a plugin module lists
    every name it imports. A value in the module's own ``__dict__`` that is a
    class, a module or not callable can be no hook implementation (pluggy
    takes only functions, bound methods, ``classmethod`` and ``staticmethod``
    objects), so it is passed over at once; every other name goes to pluggy.
    """

    def parse_hookimpl_opts(self, plugin: object, name: str) -> pluggy.HookimplOpts | None:
        if isinstance(plugin, ModuleType):
            value = vars(plugin).get(name)
            if value is not None and (
                isinstance(value, (type, ModuleType))
                or not (callable(value) or isinstance(value, (staticmethod, classmethod)))
                # a plain function without the hookimpl marker's attribute
                or (type(value) is FunctionType and self._impl_attr not in vars(value))
            ):
                return None
        return super().parse_hookimpl_opts(plugin, name)

    @property
    def _impl_attr(self) -> str:
        """The attribute :class:`pluggy.HookimplMarker` sets on a hook implementation."""
        return self.project_name + "_impl"
