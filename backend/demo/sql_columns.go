package demo

import (
	"fmt"

	"github.com/databricks/databricks-sdk-go/service/sql"
)

// A result column as the Statement Execution API describes it: type_name is
// the base type (the SDK's ColumnInfoTypeName), type_text the full SQL type
// as the warehouse prints it. The two differ for the integer types (LONG is
// printed BIGINT, as a real answer shows: {"name": "count(1)", "position": 0,
// "type_name": "LONG", "type_text": "BIGINT"}) and for DECIMAL, whose
// type_text carries the precision and scale that type_precision and
// type_scale also give (ColumnInfo in the SDK's service/sql/model.go).

// Billing amounts (usage_quantity, pricing.default and their SUMs) are
// DECIMAL(38,18) here. The system tables' documented schema says only
// "decimal"; SUM keeps the scale, and the precision is capped at 38.
const (
	billingDecimalPrecision = 38
	billingDecimalScale     = 18
)

// sqlTypeText is how the warehouse prints each base type the demo emits.
var sqlTypeText = map[sql.ColumnInfoTypeName]string{
	sql.ColumnInfoTypeNameLong:  "BIGINT",
	sql.ColumnInfoTypeNameShort: "SMALLINT",
	sql.ColumnInfoTypeNameByte:  "TINYINT",
}

// resultColumn describes column pos of a result.
func resultColumn(name string, typ sql.ColumnInfoTypeName, pos int) sql.ColumnInfo {
	// The first column's position 0 is sent: the SDK's omitempty would drop it.
	c := sql.ColumnInfo{Name: name, TypeName: typ, TypeText: string(typ), Position: pos, ForceSendFields: []string{"Position"}}
	if text, ok := sqlTypeText[typ]; ok {
		c.TypeText = text
	}
	if typ == sql.ColumnInfoTypeNameDecimal {
		c.TypePrecision, c.TypeScale = billingDecimalPrecision, billingDecimalScale
		c.TypeText = fmt.Sprintf("DECIMAL(%d,%d)", c.TypePrecision, c.TypeScale)
	}
	return c
}
