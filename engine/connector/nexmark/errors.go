package nexmark

import (
	"fmt"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// Java exception classes that Nexmark's generator and Flink's row access
// can throw, and that engine/diag does not name.
const (
	classCastException = "java.lang.ClassCastException"
	indexOutOfBounds   = "java.lang.ArrayIndexOutOfBoundsException"
)

func arithmetic(msg string) *diag.Error {
	return diag.Errorf(diag.NoPos, diag.ArithmeticException, "%s", msg)
}

// badBound is what SplittableRandom.nextInt(bound) throws for a bound that
// is not positive: a hot ratio of 0 fails the job at the first event that
// draws with it.
var badBound = diag.Errorf(diag.NoPos, diag.IllegalArgument, "bound must be positive")

// bailout carries a Java exception of the generator up to generator.next,
// which recovers it, so no panic leaves the package: the generator's draws
// are many small calls, and an error result on each would cost the hot
// loop more than one deferred recover per event.
type bailout struct{ err *diag.Error }

func bail(err *diag.Error) { panic(bailout{err}) }

// recoverBailout turns a bailout into *err; other panics go on.
func recoverBailout(err *error) {
	if r := recover(); r != nil {
		b, ok := r.(bailout)
		if !ok {
			panic(r)
		}
		*err = b.err
	}
}

// javaClass is a class named in a ClassCastException message, and whether
// it lives in the java.base module (else Flink's, in the unnamed module of
// the application class loader that loads Flink's lib/ jars).
type javaClass struct {
	name string
	base bool
}

// castError is the message of the ClassCastException a JVM (11 or later)
// throws when a value of class from is cast to class to.
func castError(from, to javaClass) *diag.Error {
	where := func(c javaClass) string {
		if c.base {
			return "in module java.base of loader 'bootstrap'"
		}
		return "in unnamed module of loader 'app'"
	}
	var tail string
	if from.base == to.base {
		tail = fmt.Sprintf("%s and %s are %s", from.name, to.name, where(from))
	} else {
		tail = fmt.Sprintf("%s is %s; %s is %s", from.name, where(from), to.name, where(to))
	}
	return diag.Errorf(diag.NoPos, classCastException, "class %s cannot be cast to class %s (%s)", from.name, to.name, tail)
}

// indexError is the ArrayIndexOutOfBoundsException of reading field i of
// a row of n fields.
func indexError(i, n int) *diag.Error {
	return diag.Errorf(diag.NoPos, indexOutOfBounds, "Index %d out of bounds for length %d", i, n)
}
