// Where a body's values come from. The back office's rules read the JSON API's bodies and the
// pages' posted forms alike; only how a number or a yes/no is written differs: JSON has numbers
// and booleans and must use them ("5" is no stock count, "yes" no boolean: docs/api.md), while a
// posted form has nothing but text (stock "5", a checkbox "on" or "true").
export type InputSource = "json" | "form";
