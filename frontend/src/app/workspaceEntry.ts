// A one-line lazy module in front of the workspace area's chunk: the entry's dynamic import then
// preloads this module only, not the long list of chunks the area depends on (its `mapDeps` list
// would sit in the sign-in page's first load; bench/bundle/budget.json).
export const load = () => import('./workspaceArea');
