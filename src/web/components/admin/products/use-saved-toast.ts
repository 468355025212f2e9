// A saved product is said in the back office's toast, as every other admin save is: on a phone the
// Save button sits in the sticky bar at the bottom, and a line at the top of the form was out of
// sight. The toast is the only live announcement of it (a second one would be read twice).
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { adminProductEditor as text } from "../../../../domain/messages/admin.ts";
import { toast } from "../../../lib/toast.ts";
import { KEEP_SCROLL } from "../../../lib/keep-scroll.ts";

// The back office's toasts sit bottom right, where the editor's sticky bar has Cancel and Save:
// these sit bottom centre, clear of both (on a phone every toast is above the bar).
const POSITION = "bottom-center" as const;

/**
 * `answer` is the save's answer (a new object for each save); `arrived` is a notice the address
 * brought (Add Product opens the new product here with `?saved=created`).
 */
export function useSavedToast(answer: { changed?: boolean } | null, arrived: string | null) {
  const shown = useRef<object | null>(null);
  useEffect(() => {
    if (!answer || shown.current === answer) return;
    shown.current = answer;
    // Save pressed with nothing changed wrote nothing (no audit entry): it says so.
    toast.success(answer.changed === false ? text.noChanges : text.saved, { position: POSITION });
  }, [answer]);

  const navigate = useNavigate();
  const { pathname, search, hash, key } = useLocation();
  const arrivedAt = useRef<string | null>(null);
  useEffect(() => {
    if (!arrived || arrivedAt.current === key) return;
    arrivedAt.current = key;
    toast.success(arrived, { position: POSITION });
    // Said once: a reload, or Back to this entry, does not say it again.
    const params = new URLSearchParams(search);
    params.delete("saved");
    const rest = params.toString();
    void navigate({ pathname, search: rest ? `?${rest}` : "", hash }, { replace: true, preventScrollReset: true, state: KEEP_SCROLL });
  }, [arrived, key, navigate, pathname, search, hash]);
}
