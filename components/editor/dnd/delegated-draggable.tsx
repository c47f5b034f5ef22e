"use client";
// One dnd-kit draggable for many drag sources (the canvas' nodes, the palette's items), its listeners on
// their common container. On pointer-down (or a key) inside it, `resolve` names the source under the
// event; the delegate points the draggable's node, activator and data at it, then hands the event to
// dnd-kit. dnd-kit's context changes (drag start, every move, drop) then re-render this one delegate
// instead of every source: a useDraggable per source re-rendered about 250 canvas nodes at 200 blocks.
import { useDraggable, type DraggableSyntheticListeners } from "@dnd-kit/core";
import { useLayoutEffect, useState } from "react";
import type { DragData } from "./drag-data";

/** What may be dragged from `target`: its data, the element that moves, the element that started it. */
/** `key`: the key that would start a keyboard drag (dnd-kit starts on Space and Enter), null for the pointer. */
export type DragResolver = (target: Element, key: string | null) => { data: DragData; node: HTMLElement; activator: HTMLElement } | null;

type Delegate = {
  /** A drag is under way: its node, activator and data must stay as they are. */
  busy: boolean;
  listeners: DraggableSyntheticListeners;
  setNodeRef: (element: HTMLElement | null) => void;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
};

class DelegatedDraggable {
  /** dnd-kit's `active.data.current` for every drag from here: refilled for the source a drag starts on. */
  readonly data: Record<string, unknown> = {};
  private delegate: Delegate | null = null;
  private resolve: DragResolver = () => null;

  setResolver(resolve: DragResolver) {
    this.resolve = resolve;
  }

  connect(delegate: Delegate | null) {
    this.delegate = delegate;
  }

  private aim(target: Element, key: string | null): DraggableSyntheticListeners {
    const delegate = this.delegate;
    if (!delegate?.listeners || delegate.busy) return undefined;
    const source = this.resolve(target, key);
    if (!source) return undefined;
    for (const key of Object.keys(this.data)) delete this.data[key];
    Object.assign(this.data, source.data);
    delegate.setNodeRef(source.node);
    delegate.setActivatorNodeRef(source.activator);
    return delegate.listeners;
  }

  readonly onPointerDown = (event: React.PointerEvent) => this.aim(event.target as Element, null)?.onPointerDown?.(event);

  readonly onKeyDown = (event: React.KeyboardEvent) => this.aim(event.target as Element, event.key)?.onKeyDown?.(event);
}

function DragDelegate({
  id,
  source,
  onDescribedBy,
}: {
  id: string;
  source: DelegatedDraggable;
  onDescribedBy: (id: string | undefined) => void;
}) {
  const { listeners, setNodeRef, setActivatorNodeRef, attributes, active, isDragging, node } = useDraggable({ id, data: source.data });
  const busy = active !== null;
  useLayoutEffect(() => {
    source.connect({ busy, listeners, setNodeRef, setActivatorNodeRef });
    return () => source.connect(null);
  }, [source, busy, listeners, setNodeRef, setActivatorNodeRef]);
  // The dragged source is dimmed through CSS; its element is known only here.
  useLayoutEffect(() => {
    const element = node.current;
    if (!isDragging || !element) return;
    element.setAttribute("data-drag-source", "");
    return () => element.removeAttribute("data-drag-source");
  }, [isDragging, node]);
  const describedBy = attributes["aria-describedby"];
  useLayoutEffect(() => onDescribedBy(describedBy), [describedBy, onDescribedBy]);
  return null;
}

/**
 * Handlers for the container's onPointerDown/onKeyDown, the delegate to render inside the DndContext,
 * and the id of dnd-kit's screen-reader instructions (for the sources' aria-describedby).
 */
export function useDelegatedDraggable(id: string, resolve: DragResolver) {
  const [source] = useState(() => new DelegatedDraggable());
  const [describedBy, setDescribedBy] = useState<string | undefined>(undefined);
  useLayoutEffect(() => {
    source.setResolver(resolve);
  }, [source, resolve]);
  const delegate = <DragDelegate id={id} source={source} onDescribedBy={setDescribedBy} />;
  return { onPointerDown: source.onPointerDown, onKeyDown: source.onKeyDown, delegate, describedBy };
}
