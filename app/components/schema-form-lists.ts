import {
  INTENT,
  appendPath,
  formatPath,
  getPath,
  isPathPrefix,
  isPlainObject,
  listKeys,
  newKey,
  parsePath,
  serialize,
  setPath,
  type Intent,
  type Keys,
  type ListIntent,
  type Lists,
  type State,
} from "./schema-form";

/*
 * conform's list and value intents for useSchemaForm (`form.insert`, `form.remove`, `form.reorder`, `form.update`;
 * docs/decisions/0049), in their own module: only a page whose form has a list passes them
 * (`useSchemaForm(id, spec, lastResult, { lists })`), so the other forms' pages do not carry them.
 */

/** A list intent on an array. */
function updateList(list: unknown[], intent: ListIntent) {
  if (intent.type === "insert") list.splice(intent.payload.index ?? list.length, 0, intent.payload.defaultValue);
  else if (intent.type === "remove") list.splice(intent.payload.index, 1);
  else list.splice(intent.payload.to, 0, ...list.splice(intent.payload.from, 1));
}

/** A list intent on a map by field name (keys, validated): the entries below each item move with it (conform's `setListState`). */
function updateListState<T>(map: Record<string, T>, intent: ListIntent, make?: (defaultValue: unknown) => Record<string, T>) {
  const { name } = intent.payload;
  const items: (Record<string, T> | undefined)[] = [];
  for (const key of Object.keys(map)) {
    const m = key.startsWith(name) ? /^\[(\d+)\](.*)$/.exec(key.slice(name.length)) : null;
    if (!m) continue;
    (items[Number(m[1])] ??= {})[m[2]!] = map[key]!;
    delete map[key];
  }
  updateList(
    items,
    intent.type === "insert" ? { ...intent, payload: { ...intent.payload, defaultValue: make?.(intent.payload.defaultValue) } } : intent,
  );
  items.forEach((item, i) => Object.entries(item ?? {}).forEach(([suffix, v]) => (map[`${name}[${i}]${suffix}`] = v)));
}

/** A list intent on the list at its name in `tree`. */
const listAt = (tree: unknown, intent: ListIntent) =>
  setPath(tree, parsePath(intent.payload.name), (list) => {
    const next = Array.isArray(list) ? [...list] : [];
    updateList(next, intent);
    return next;
  });

/** conform's `serializeIntent`: what an intent button sends as `__intent__`. */
function serializeIntent(intent: Intent) {
  const { payload } = intent;
  if (intent.type === "insert")
    return JSON.stringify({ ...intent, payload: { ...payload, defaultValue: serialize(intent.payload.defaultValue) } });
  if (intent.type === "update") return JSON.stringify({ ...intent, payload: { ...payload, value: serialize(intent.payload.value) } });
  return JSON.stringify(intent);
}

export const lists: Lists = {
  /** conform's `handleIntent` for `update` and the list intents; `meta` is a copy it may change. */
  handle(meta: State, intent: Exclude<Intent, { type: "validate" }>, initialized: boolean) {
    if (intent.type === "update") {
      const name = appendPath(intent.payload.name, intent.payload.index);
      const { value } = intent.payload;
      if (value === undefined) return;
      if (name === "") return void Object.assign(meta, { initialValue: value, value, key: { ...listKeys(value), "": newKey() } });
      meta.initialValue = setPath(meta.initialValue, parsePath(name), () => value);
      meta.value = setPath(meta.value, parsePath(name), () => value);
      meta.key = { ...meta.key };
      if (isPlainObject(value) || Array.isArray(value)) {
        for (const key of Object.keys(meta.key)) if (key !== name && isPathPrefix(key, name)) delete meta.key[key];
        Object.assign(meta.key, listKeys(value, name));
      }
      meta.key[name] = newKey();
      return;
    }
    if (initialized) {
      meta.key = { ...meta.key };
      updateListState(meta.key, intent, (value) => {
        const keys: Keys = { "": newKey() };
        for (const [k, v] of Object.entries(listKeys(value))) keys[k.startsWith("[") ? k : `.${k}`] = v;
        return keys;
      });
      meta.initialValue = listAt(meta.initialValue, intent);
    }
    updateListState(meta.validated, intent);
    meta.validated[intent.payload.name] = true;
  },
  /** The form's values after an intent, as conform's `parse` does it (used before the schema has loaded). */
  apply(payload: unknown, intent: Intent): unknown {
    if (intent.type === "validate") return payload;
    if (intent.type !== "update") return listAt(payload, intent);
    const name = appendPath(intent.payload.name, intent.payload.index);
    if (intent.payload.value === undefined) return payload;
    return name ? setPath(payload, parsePath(name), () => intent.payload.value) : intent.payload.value;
  },
  /** conform's side effect of `update`: the inputs show the new value. */
  show(form: HTMLFormElement, intent: Intent) {
    if (intent.type !== "update") return;
    const base = parsePath(appendPath(intent.payload.name, intent.payload.index));
    for (const el of Array.from(form.elements) as HTMLInputElement[]) {
      const path = el.name ? parsePath(el.name) : [];
      if (!el.name || !base.every((s, i) => path[i] === s)) continue;
      const value = getPath(intent.payload.value, formatPath(path.slice(base.length)));
      if (typeof value === "string") el.value = value;
    }
  },
  /** The form's `insert`, `remove`, `reorder` and `update`: each a call and `getButtonProps` (a button the form handles). */
  controls(id: string, dispatch: (serialized: string) => void) {
    const control = (type: Intent["type"]) =>
      Object.assign((payload: Intent["payload"]) => dispatch(serializeIntent({ type, payload } as Intent)), {
        getButtonProps: (payload: Intent["payload"]) => ({
          name: INTENT,
          value: serializeIntent({ type, payload } as Intent),
          form: id,
          formNoValidate: true,
        }),
      });
    return { insert: control("insert"), remove: control("remove"), reorder: control("reorder"), update: control("update") };
  },
};
