package clusters

// Wire is the delta as the page receives it: each distinct termination
// explanation once, in Explanations, and each row pointing at its own by
// position (Row.Explained, from 1). Most listed clusters stopped for one of
// a few reasons, and a row's explanation was about 40% of its bytes; the
// page shares one object per reason too. The rows are copies: d is left as
// it was.
func (d Delta) Wire() Delta {
	seen := map[string]int{}
	rows := make([]Row, len(d.Upserts))
	for i, r := range d.Upserts {
		if r.Termination != nil {
			key := r.Termination.key()
			at, ok := seen[key]
			if !ok {
				d.Explanations = append(d.Explanations, *r.Termination)
				at = len(d.Explanations)
				seen[key] = at
			}
			r.Termination, r.Explained = nil, at
		}
		rows[i] = r
	}
	d.Upserts = rows
	return d
}
