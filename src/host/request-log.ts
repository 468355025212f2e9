// One line per answered request, for an operator who wants to see the traffic (LOG_REQUESTS=true):
// when, the method, the path, the status and how long it took. The query string is left out (a
// search, an order lookup's e-mail) and so is the client's address: the log holds no personal data.
// A path that holds a credential (a payment session id, a reset token) is written with the
// parameter's name in its place (src/domain/credential-paths.ts): the log gives access to nobody.
import type { RequestHandler } from "express";
import { withoutCredentials } from "../domain/credential-paths.ts";

export function requestLog(write: (line: string) => void = (line) => console.log(line)): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      write(`${new Date().toISOString()} ${req.method} ${withoutCredentials(req.path)} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    next();
  };
}
