// One HTTP request exactly as given (method, raw path, headers, a body sent whole or chunked),
// for host tests whose requests fetch() would tidy up or refuse to send.
import http from "node:http";

export type RawRequest = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent with a Content-Length unless `chunked`, or as chunks (Transfer-Encoding: chunked). */
  body?: Buffer | string | Iterable<Buffer>;
  chunked?: boolean;
  /** Drop the connection once the response starts (a shopper closing the tab). */
  abortOnResponse?: boolean;
  timeoutMs?: number;
};

/** Status 0 (with `error`) when no answer came: the connection failed or was reset first. */
export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string; error?: string };

const failed = (error: string): RawAnswer => ({ status: 0, headers: {}, body: "", error });

export function rawRequest(base: string, request: RawRequest): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: RawAnswer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const headers: Record<string, string> = { ...request.headers };
    const whole = request.body === undefined || typeof request.body === "string" || Buffer.isBuffer(request.body) ? request.body : undefined;
    if (request.chunked) headers["transfer-encoding"] = "chunked";
    else if (whole !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === "content-length")) {
      headers["content-length"] = String(Buffer.byteLength(whole));
    }
    let req: http.ClientRequest;
    try {
      req = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent: false });
    } catch (error) {
      return settle(failed(`not sent: ${String(error)}`));
    }
    req.setTimeout(request.timeoutMs ?? 30_000, () => req.destroy(new Error("timed out")));
    req.on("response", (res) => {
      if (request.abortOnResponse) {
        req.destroy();
        return settle({ status: res.statusCode ?? 0, headers: res.headers, body: "" });
      }
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => settle({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", (error) => settle({ status: res.statusCode ?? 0, headers: res.headers, body: `(cut: ${error.message})` }));
    });
    // The server may answer (413) and close before the whole body is sent: the answer still counts.
    req.on("error", (error) => settle(failed(error.message)));
    if (request.body === undefined) return void req.end();
    if (whole !== undefined) return void req.end(whole);
    void (async () => {
      for (const chunk of request.body as Iterable<Buffer>) {
        if (req.destroyed) return;
        if (!req.write(chunk)) await new Promise<void>((resolve) => (req.once("drain", resolve), req.once("close", resolve)));
      }
      if (!req.destroyed) req.end();
    })();
  });
}
