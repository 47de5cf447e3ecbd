package app

import "reflect"

// forPage returns v as the page should receive it: every nil slice and map,
// at any depth, made empty, so the page reads [] and {} where it expects a
// list or an object, never null (a null list froze the editor). Every bound
// method passes its result through here (TestBoundResultsGoThroughForPage).
func forPage[T any](v T) T {
	out := nonNil(reflect.ValueOf(&v).Elem())
	return out.Interface().(T)
}

// nonNil copies v with nil slices and maps made empty. Byte slices (raw
// JSON, base64 data) are values, not lists, and stay as they are.
func nonNil(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		n := reflect.New(v.Type().Elem())
		n.Elem().Set(nonNil(v.Elem()))
		return n
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		n := reflect.New(v.Type()).Elem()
		n.Set(nonNil(v.Elem()))
		return n
	case reflect.Struct:
		n := reflect.New(v.Type()).Elem()
		n.Set(v) // unexported fields as they are: JSON skips them
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				n.Field(i).Set(nonNil(v.Field(i)))
			}
		}
		return n
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return v
		}
		n := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			n.Index(i).Set(nonNil(v.Index(i)))
		}
		return n
	case reflect.Map:
		n := reflect.MakeMapWithSize(v.Type(), v.Len())
		for it := v.MapRange(); it.Next(); {
			n.SetMapIndex(it.Key(), nonNil(it.Value()))
		}
		return n
	case reflect.Array:
		n := reflect.New(v.Type()).Elem()
		for i := range v.Len() {
			n.Index(i).Set(nonNil(v.Index(i)))
		}
		return n
	}
	return v
}

// forPageErr is forPage for a (result, error) pair: return forPageErr(f()).
func forPageErr[T any](v T, err error) (T, error) { return forPage(v), err }

// pageEmitter passes every event payload through forPage on its way to the
// transport, so events obey the same rule as bound results.
type pageEmitter struct{ next Emitter }

func (p pageEmitter) Emit(name Event, data ...any) {
	out := make([]any, len(data))
	for i, d := range data {
		out[i] = forPage(d)
	}
	p.next.Emit(name, out...)
}
