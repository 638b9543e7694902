/** One rule of a Role. */
export interface PolicyRule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
}

/** What an API request asks for, as the API server's authoriser sees it. */
export interface RequestAttributes {
  verb: string;
  group: string;
  resource: string;
  /** Null for cluster-wide objects (namespaces themselves). */
  namespace: string | null;
}

const NAMESPACED = /^\/(?:api\/v1|apis\/([^/]+)\/[^/]+)\/namespaces\/([^/]+)\/([^/]+)(?:\/([^/]+)(?:\/([^/]+))?)?$/;
const NAMESPACE = /^\/api\/v1\/namespaces(?:\/([^/]+))?$/;

/** The request attributes of a REST call (the paths the challenge engine uses). */
export function attributesOf(method: string, path: string): RequestAttributes {
  const named = NAMESPACED.exec(path);
  if (named) {
    const [, group = '', namespace = '', kind = '', name, subresource] = named;
    // A subresource (a pod's log) is authorised as `pods/log`.
    const resource = subresource ? `${kind}/${subresource}` : kind;
    const verb = { GET: name ? 'get' : 'list', POST: 'create', DELETE: 'delete', PUT: 'update', PATCH: 'patch' }[
      method
    ];
    return { verb: verb ?? method.toLowerCase(), group, resource, namespace };
  }
  const namespace = NAMESPACE.exec(path);
  if (namespace) {
    const verb =
      method === 'GET' ? (namespace[1] ? 'get' : 'list') : method === 'POST' ? 'create' : method.toLowerCase();
    return { verb, group: '', resource: 'namespaces', namespace: null };
  }
  throw new Error(`unrecognised API path ${path}`);
}

/** Whether a Role in `roleNamespace` with these rules allows the request (a Role never covers cluster objects). */
export function allows(rules: PolicyRule[], roleNamespace: string, request: RequestAttributes): boolean {
  if (request.namespace !== roleNamespace) return false;
  return rules.some(
    (rule) =>
      rule.apiGroups.includes(request.group) &&
      rule.resources.includes(request.resource) &&
      rule.verbs.includes(request.verb),
  );
}
