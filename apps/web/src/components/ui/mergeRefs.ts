import type { Ref, RefCallback } from "react";

/** Combines several refs (callback or object) into one callback ref, for components that need the node too. */
export function mergeRefs<T>(...refs: Array<Ref<T> | undefined>): RefCallback<T> {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === "function") ref(node);
      else if (ref) ref.current = node;
    }
  };
}
