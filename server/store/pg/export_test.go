package pg

// Check is check for the tests: the poll, now.
func (l *Leases) Check() { l.check() }
