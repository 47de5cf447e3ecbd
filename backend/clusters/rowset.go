package clusters

// RowSet is a pass's rows in list order, indexed by id. The index holds
// positions, not copies: at 10,000 clusters a copy of the rows is 4 MB. A
// set is not changed once made (the fleet reads its rows from other
// goroutines); a pass that changes rows makes a new one.
type RowSet struct {
	rows  []Row
	index map[string]int
}

// NewRowSet indexes rows; it keeps the slice, which the caller must no
// longer change.
func NewRowSet(rows []Row) RowSet {
	index := make(map[string]int, len(rows))
	for i, r := range rows {
		index[r.ID] = i
	}
	return RowSet{rows: rows, index: index}
}

// Rows are the rows in list order (shared: do not change them).
func (s RowSet) Rows() []Row { return s.rows }

// Get returns the row with the id.
func (s RowSet) Get(id string) (Row, bool) {
	i, ok := s.index[id]
	if !ok {
		return Row{}, false
	}
	return s.rows[i], true
}

// loaded tells a set a pass made (even of no rows) from none yet.
func (s RowSet) loaded() bool { return s.index != nil }

// with returns a new set with rows replaced by id, or added at the end.
func (s RowSet) with(changed []Row) RowSet {
	rows := append(make([]Row, 0, len(s.rows)+len(changed)), s.rows...)
	for _, r := range changed {
		if i, ok := s.index[r.ID]; ok {
			rows[i] = r
		} else {
			rows = append(rows, r)
		}
	}
	return NewRowSet(rows)
}
