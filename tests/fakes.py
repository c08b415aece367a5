"""Test doubles shared by the rules tests."""


class FakeRoller:
    """Hands out the faces given, in order (to replay the sources' example rolls); has the
    interface of :class:`rules_core.dice.Roller` that the roll functions use."""

    def __init__(self, *faces):
        self.faces = list(faces)
        self.seed = 0

    def die(self, sides):
        return self.dice(1, sides)[0]

    def dice(self, n, sides):
        out, self.faces = self.faces[:n], self.faces[n:]
        assert len(out) == n
        return out
