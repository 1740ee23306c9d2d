"""How the site's templates compile: fewer calls and generator steps per page.

A large event's pages print millions of values. Jinja's own code escapes each
through two calls, reads each attribute through a call, passes each macro call
through ``context.call``, yields every piece of text on its own and passes each
piece up through every ``{% block %}`` and ``{% extends %}`` level. The
generator below prints each value with one call, reads attributes with
Python's ``getattr`` (Jinja's rules only when that fails), calls the site's
macros directly and collects each block's output in one list, yielded once.
The output is the same text: ``tests/site/test_render_fast.py`` compares it
with plain Jinja's.
"""

from __future__ import annotations

from collections.abc import Callable
from io import StringIO
from typing import Any

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame, optimizeconst


class SiteCodeGenerator(CodeGenerator):
    """Compiles ``{{ x }}`` to ``environment.print_value(x)`` and joins output runs.

    Jinja's own code is ``escape(environment.finalize(x))``: two calls and two
    strings per printed value. Output outside autoescaping (``{% autoescape
    false %}``) is compiled as Jinja does it.
    """

    def _fused(self, frame: Frame, finalize: Any) -> bool:
        return bool(
            not frame.eval_ctx.volatile
            and frame.eval_ctx.autoescape
            and finalize.src == "environment.finalize("
        )

    def _plain(self, node: nodes.Expr) -> bool:
        """``{{ x|number }}``: the filter's text is digits and marks, printed as it is."""
        plain: frozenset[str] = getattr(self.environment, "plain_text_filters", frozenset())
        return isinstance(node, nodes.Filter) and node.name in plain

    def _output_child_pre(self, node: nodes.Expr, frame: Frame, finalize: Any) -> None:
        if self._fused(frame, finalize):
            if not self._plain(node):
                self.write("environment.print_value(")
        else:
            super()._output_child_pre(node, frame, finalize)

    def _output_child_post(self, node: nodes.Expr, frame: Frame, finalize: Any) -> None:
        if self._fused(frame, finalize):
            if not self._plain(node):
                self.write(")")
        else:
            super()._output_child_post(node, frame, finalize)

    def visit_Output(self, node: nodes.Output, frame: Frame) -> None:
        """A run of text and values is yielded as one string, not piece by piece.

        Each ``yield`` wakes every generator between the block and the page's
        ``render``; a table row of twenty pieces then costs one step, not twenty.
        Inside macros and ``{% set %}`` blocks (a buffer) Jinja's code is kept.
        """
        if frame.buffer is not None or len(node.nodes) < 2:
            super().visit_Output(node, frame)
            return
        if frame.require_output_check and self.has_known_extends:
            return  # a child template prints nothing outside its blocks
        checked = frame.require_output_check
        if checked:
            self.writeline("if parent_template is None:")
            self.indent()
        buffer = self.temporary_identifier()
        self.writeline(f"{buffer} = []")
        inner = frame.copy()
        inner.buffer = buffer
        inner.require_output_check = False
        super().visit_Output(node, inner)
        self.writeline(f"yield concat({buffer})")
        if checked:
            self.outdent()

    def visit_Template(self, node: nodes.Template, frame: Frame | None = None) -> None:
        self._extends = node.find(nodes.Extends) is not None
        self._whole_bodies: list[Frame] = []
        super().visit_Template(node, frame)

    def enter_frame(self, frame: Frame) -> None:
        """A block's body, and a page's that extends nothing, write into one list.

        Each output run was its own ``yield``: a generator step, and a list and a
        join per run. The list is yielded once when the body ends (``leave_frame``).
        """
        super().enter_frame(frame)
        whole = frame.block_frame or (frame.rootlevel and not self._extends)
        if whole and frame.buffer is None and not self.environment.is_async:
            self.buffer(frame)
            self._whole_bodies.append(frame)

    def leave_frame(self, frame: Frame, with_python_scope: bool = False) -> None:
        super().leave_frame(frame, with_python_scope)
        if self._whole_bodies and self._whole_bodies[-1] is frame:
            self._whole_bodies.pop()
            self.writeline(f"yield concat({frame.buffer})")

    def visit_Block(self, node: nodes.Block, frame: Frame) -> None:
        """A block's output goes up as one string (see ``visit_Output``)."""
        if frame.buffer is not None or node.scoped or node.required or self.environment.is_async:
            super().visit_Block(node, frame)
            return
        context = self.get_context_ref()
        if frame.toplevel:
            if self.has_known_extends:
                return
            if self.extends_so_far > 0:
                self.writeline("if parent_template is None:")
                self.indent()
                self.writeline(f"yield concat(context.blocks[{node.name!r}][0]({context}))", node)
                self.outdent()
                return
        self.writeline(f"yield concat(context.blocks[{node.name!r}][0]({context}))", node)

    @optimizeconst
    def visit_Getattr(self, node: nodes.Getattr, frame: Frame) -> None:
        """``a.b`` is Python's ``getattr(a, "b", missing)``; Jinja's rules only when it fails.

        A page reads millions of attributes of dataclasses, each through
        ``environment.getattr`` (a call and a ``try``). When the attribute is
        missing, that same call then tries ``a["b"]`` and gives Undefined, as in Jinja.
        """
        if self.environment.is_async or type(self.environment).getattr is not _JINJA_GETATTR:
            super().visit_Getattr(node, frame)
            return
        obj, value = self.temporary_identifier(), self.temporary_identifier()
        self.write(f"({value} if ({value} := getattr(({obj} := ")
        self.visit(node.node, frame)
        self.write(f"), {node.attr!r}, missing)) is not missing")
        self.write(f" else environment.getattr({obj}, {node.attr!r}))")

    @optimizeconst
    def visit_Call(self, node: nodes.Call, frame: Frame, forward_caller: bool = False) -> None:
        """The site's own callables (macros, ``_()``) are called directly.

        Jinja passes every call through ``context.call``, which looks for
        ``pass_context`` and friends and drops ``_loop_vars``: a Python call and a
        dict of keywords more, ~50 times per page row. The environment's
        ``direct_calls`` names the types that take none of it; any other callable
        goes through ``context.call`` as in Jinja.
        """
        env = self.environment
        if (
            env.is_async
            or env.sandboxed
            or not isinstance(getattr(env, "direct_calls", None), frozenset)
        ):
            super().visit_Call(node, frame, forward_caller)
            return
        caller = {"caller": "caller"} if forward_caller else None
        direct = self._captured(lambda: self.signature(node, frame, caller))
        func = self.temporary_identifier()
        self.write(f"({func}({direct.removeprefix(', ')}) if type({func} := ")
        self.visit(node.node, frame)
        self.write(f") in environment.direct_calls else context.call({func}")
        extra = dict(caller or {})
        if frame.loop_frame:
            extra["_loop_vars"] = "_loop_vars"
        if frame.block_frame:
            extra["_block_vars"] = "_block_vars"
        self.signature(node, frame, extra or None)
        self.write("))")

    def _captured(self, write: Callable[[], None]) -> str:
        """The code ``write`` would write, as a string (to write it twice)."""
        stream, self.stream = self.stream, StringIO()
        try:
            write()
            return self.stream.getvalue()
        finally:
            self.stream = stream


_JINJA_GETATTR = jinja2.Environment.getattr
