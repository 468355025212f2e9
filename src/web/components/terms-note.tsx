import { Link } from "react-router";
import { CANCELLATION_RIGHT_DAYS } from "../../domain/consumer-rights.ts";
import { termsNote } from "../../domain/messages/terms-note.ts";

/** "By paying you accept our Terms of Sale…", the terms opening in a new tab so typed details stay. */
export function TermsNote({ className }: { className: string }) {
  return (
    <p className={className} data-testid="terms-note">
      {termsNote.before}{" "}
      <Link to="/terms" target="_blank" className="underline">
        {termsNote.link}
        <span className="sr-only"> {termsNote.opensInNewTab}</span>
      </Link>
      {termsNote.after(CANCELLATION_RIGHT_DAYS)}
    </p>
  );
}
