package demo

import "github.com/databricks/databricks-sdk-go/service/compute"

// spec is the cluster's requested spec (nil: none). A generated cluster
// keeps none until a resize changes it (see scalePast.spec).
func (cl *cluster) spec() *compute.ClusterSpec {
	if cl.d.Spec == nil && cl.past != nil {
		return cl.past.spec(&cl.d)
	}
	return cl.d.Spec
}

// ownSpec is spec, kept in the details from now on, for changing it in place.
func (cl *cluster) ownSpec() *compute.ClusterSpec {
	cl.d.Spec = cl.spec()
	return cl.d.Spec
}

// details is a copy of the cluster's details with its spec, as answers
// and checks read them.
func (cl *cluster) details() compute.ClusterDetails {
	d := cl.d
	d.Spec = cl.spec()
	return d
}
