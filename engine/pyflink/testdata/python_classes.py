# Classes and exceptions as CPython has them: isinstance and issubclass
# follow the bases, a class knows its __name__, and `except` catches a
# subclass. The .out file is CPython 3.11's output.
class Shape:
    def __init__(self, name):
        self.name = name


class Square(Shape):
    pass


class Oops(ValueError):
    pass


s = Square("sq")
print(isinstance(s, Square), isinstance(s, Shape), isinstance(s, object), isinstance(s, (int, Shape)))
print(issubclass(Square, Shape), issubclass(Shape, Square), issubclass(Oops, Exception), issubclass(Oops, (KeyError, ValueError)))
print(type(s).__name__, Square.__name__, ValueError.__name__, type(1).__name__, type("x").__name__)
print(isinstance(1, int), isinstance("x", str), isinstance(1.5, (int, float)), isinstance([], dict))
try:
    raise KeyError("bad")
except LookupError as e:
    print("caught", type(e).__name__, e.args)
try:
    {}["k"]
except LookupError as e:
    print("caught", type(e).__name__)
try:
    isinstance(1, 2)
except TypeError as e:
    print("TypeError:", e)
