package pg

// Check is check for the tests: the poll, now.
func (l *Leases) Check() { l.check() }

// LockClass is lockClass for the tests.
const LockClass = lockClass
