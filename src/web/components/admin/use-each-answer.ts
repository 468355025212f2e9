// Acting on a back-office form's answer exactly once: the toast, the dialog closing, the cursor
// moved to a refused field. The answer stays in the fetcher while the page renders again (a
// revalidation, a keystroke), so each screen that acted on it in an effect kept a note of the
// last answer it had acted on; this hook keeps it for them.
import { useEffect, useEffectEvent, useRef } from "react";
import { toast } from "../../lib/toast.ts";

/** Calls `onAnswer` once for each answer `fetcher` brings back, once the fetcher is idle again. */
export function useEachAnswer<Answer>(fetcher: { state: string; data: Answer | undefined }, onAnswer: (answer: Answer) => void): void {
  const handled = useRef<Answer | null>(null);
  const handle = useEffectEvent(onAnswer);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    handle(answer);
  }, [fetcher.state, fetcher.data]);
}

/** An answer's message as a toast: a success, or an error. */
export function toastAnswer(answer: { ok: boolean; message: string }): void {
  if (answer.ok) toast.success(answer.message);
  else toast.error(answer.message);
}
