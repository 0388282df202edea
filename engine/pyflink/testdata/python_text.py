# Text as Python makes it: float repr, str.format, format(), f-strings.
# The expected output (python_text.out) is CPython 3's for this program.
import math

values = [0.1, 1 / 3, 2.0, 1e16, 1.5e-5, 123456789.123, -0.0, 1e22, 3.14159, 100.0, 0.0001]
for v in values:
    print(v, repr(v), [v], (v,))
print(math.pi, math.e, float("inf"), -float("inf"))
print({"a": 1.5, "b": [1, 2.25]})
print("{} and {}".format(1, "two"), "{1}-{0}".format("a", "b"), "{x}/{y}".format(x=1, y=2.5))
print("{:>8}|{:<8}|{:^8}|{:*^9}".format("r", "l", "c", "s"))
print("{:d} {:5d} {:05d} {:+d} {:,} {:_} {:x} {:#x} {:o} {:b} {:X}".format(42, 42, 42, 42, 1234567, 1234567, 255, 255, 8, 5, 255))
print("{:.2f} {:10.3f} {:e} {:.3e} {:g} {:.3g} {:%} {:.1%} {:,.2f}".format(3.14159, 2.5, 12345.678, 0.000123, 1e-7, 1234567.0, 0.25, 0.125, 1234567.891))
print("{:.3} {} {:.0f} {:.1f}".format(2.0, 2.5, 2.5, 0.05))
print("{!r} {!s} {:>6.2}".format("q", "s", "abc"))
print("{{literal}} {0[1]} {0[0]}".format(["x", "y"]))
print(format(3.5), format(7, "03d"), format("ab", ">4"), format(True), format(True, "d"))
name, width, n = "flink", 10, 3
print(f"{name}", f"{name!r}", f"{name:>{width}}|", f"{n * 2}", f"{n:03d}", f"{{braces}}")
print(f"sum={sum([1, 2, 3])}", f"{'nested'}", f"{name.upper()}")
print(f"{n=}", f"{name = }")
print("plain {x}" f" mixed {n}")
total = (f"a{n}"
         "b{c}"
         f"{name}")
print(total)
print(f"""triple {n}
line two {name}""")
print(rf"raw \d {n}", len(rf"\n{n}"))
print("%s %d %.2f" % ("pct", 5, 2.345))
print(str(1.5), str(10), 7 // 2, 7 / 2, 2 ** 10, -7 % 3, round(2.675, 2), abs(-3))
words = "the quick  brown fox".split()
print(",".join(words), "-".join(w.upper() for w in words), "Ab".lower(), "hello world".title())
print("x".center(5, "*") + "|", "7".zfill(3), "-7".zfill(4), "ab".ljust(4) + "|", "ab".rjust(4))
print("a,b,c".rsplit(",", 1), "k=v".partition("="), "abc".index("c"), "banana".count("a"), "banana".rfind("a"))
print("123".isdigit(), "abc".isalpha(), "ABC".isupper(), "a b".isspace(), "one\ntwo\n".splitlines())
items = [3, 1, 2]
items.insert(0, 9)
last = items.pop()
items.remove(1)
print(items, last, items.index(3), items.count(9))
items.reverse()
print(items, sorted(items, reverse=True))
d = {"a": 1}
d.update({"b": 2})
print(sorted(d.items()), d.pop("a"), d.setdefault("c", 3), sorted(d.keys()))
print(str(1/3), str([0.1, 2.0]), str((1.5,)), str(1e16), str(-0.0))
n, x, name = 42, 2.5, "flink"
print("%s %d %i %5d|%-5d|%05d %+d %x %X %#x %o %e %.2e %f %.3f %g %G %%" % ("s", n, n, n, n, n, n, 255, 255, 255, 8, 12345.678, 0.000123, x, 1/3, 1e-7, 2.5e20))
print("%r %s %a" % ("q", [1.5, "a"], "b"), "%10.3s|%-6s|" % ("abcdef", "ab"), "%c%c" % (65, "b"))
print("%(name)s has %(n)d stars" % {"name": name, "n": n}, "%.1f%%" % 12.345, "%s" % (1,), "%s" % [1, 2])
print("a" "b %s" % x, ("%s-%s" % (n, x)).upper(), "%s" % -n, "%d" % 2 ** 3, "%s" % name.upper())
