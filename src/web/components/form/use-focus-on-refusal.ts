import { useCallback, useEffect, useState, type RefObject } from "react";
import { focusFirstInvalid } from "./field.tsx";

/** After a refused submit the fields are marked; call the returned function then, and the cursor
 * goes to the first marked field once it is drawn. */
export function useFocusOnRefusal(form: RefObject<HTMLFormElement | null>): () => void {
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(form.current);
  }, [refusals, form]);
  return useCallback(() => setRefusals((count) => count + 1), []);
}
