import { createContext, useContext } from "react";

// The CSP nonce reaches the document's inline scripts through context (set in entry.server);
// in the browser it is empty, which is what browsers expose of a nonce anyway.
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
