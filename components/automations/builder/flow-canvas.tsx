"use client";
// The flow builder's canvas on React Flow (@xyflow/react): the trigger on top, the blocks below, splits and
// A/B tests branching and joining again, laid out by dagre (./graph.ts). Nodes are buttons (select one to
// edit it in the side panel); each gap between two steps has an "Add a step" button. Pan and zoom with
// the mouse or the controls. By keyboard the canvas is one stop of Tab (a roving tab index): the arrow keys
// move between the steps and the "+" buttons in the order the flow runs (top to bottom, a branch's left
// before its right), Home and End to the trigger and the last one, Enter opens the step in the side panel
// (Tab goes on to it); the view follows the focus.
import "@xyflow/react/dist/style.css";
import {
  BaseEdge,
  Controls,
  EdgeLabelRenderer,
  getSmoothStepPath,
  Handle,
  Position,
  ReactFlow,
  useReactFlow,
  type Edge,
  type EdgeProps,
  type Node,
  type NodeProps,
} from "@xyflow/react";
import { createContext, memo, useContext, useEffect, useId, useMemo, useRef, useState } from "react";
import type { TopicLookup } from "@/components/topics/topic-picker";
import type { Block, Trigger } from "../automations-client";
import { keyOf, type Slot } from "./draft";
import { buildGraph, layoutGraph, SIZES, type GraphNode } from "./graph";
import { blockKind, blockSummary, triggerSummary } from "./words";
import styles from "./builder.module.css";

/** One figure of a card: its number (formatted) and what it counts ("sent", "Yes", "would be sent"). */
export type FigureCell = { value: string; label: string };
/**
 * A card's figures: at most four cells side by side, each in full (an email's sent, opened, clicked, and
 * room for a fourth, revenue); "simulated" when they come from the simulation.
 */
export type NodeFigures = { cells: FigureCell[]; tone?: "simulated" };

type CanvasContext = {
  blocks: Block[];
  trigger: Trigger;
  selected: string | null;
  readOnly: boolean;
  figures: Map<string, NodeFigures>;
  onSelect: (key: string) => void;
  onAdd: (slot: Slot, after: string) => void;
  segmentName: (id: string) => string | undefined;
  /** the subscription topic an email step names (docs/topics.md), or that it was deleted */
  topic: (id: string) => TopicLookup;
};
/** The item of the canvas that Tab stops at (a node's key or a gap's edge id), and who reports a focus. */
type Roving = { current: string; onFocusItem: (id: string) => void };
const Ctx = createContext<(CanvasContext & Roving) | null>(null);
const useCanvas = () => useContext(Ctx)!;

const hidden = { opacity: 0, pointerEvents: "none" as const };

/** A step on the canvas: a button that selects it, with its kind, what it does and its figures. */
function NodeCard({
  id,
  kind,
  dataKind,
  text,
  size,
  target,
  topicID,
}: {
  id: string;
  kind: string;
  dataKind: string;
  text: string;
  size: { width: number; height: number };
  target: boolean;
  /** an email step's topic */
  topicID?: string;
}) {
  const c = useCanvas();
  const figures = c.figures.get(id);
  return (
    <div className={styles.node} data-kind={dataKind} data-selected={c.selected === id || undefined} style={size}>
      {target && <Handle type="target" position={Position.Top} style={hidden} isConnectable={false} />}
      <button
        type="button"
        className={styles.nodeButton}
        onClick={() => c.onSelect(id)}
        aria-pressed={c.selected === id}
        data-flow-item
        tabIndex={c.current === id ? 0 : -1}
        onFocus={() => c.onFocusItem(id)}
      >
        <span className={styles.nodeKind}>{kind}</span>
        <span className={styles.nodeText}>{text}</span>
        {topicID && <TopicChip lookup={c.topic(topicID)} />}
        {figures && figures.cells.length > 0 && (
          <span className={styles.nodeFigures} data-tone={figures.tone} data-figures style={{ "--cells": figures.cells.length } as never}>
            {figures.cells.map((f) => (
              <span key={f.label} className={styles.figure}>
                <span className={styles.figureValue}>{f.value}</span> <span className={styles.figureLabel}>{f.label}</span>
                <span className="visually-hidden">,</span>
              </span>
            ))}
          </span>
        )}
      </button>
      <Handle type="source" position={Position.Bottom} style={hidden} isConnectable={false} />
    </div>
  );
}

/**
 * The topic an email goes to, in the card's top corner (read after what the step does): its name, or a marked
 * "Topic deleted" (the email would reach nobody: docs/topics.md) until another is chosen in the side panel.
 */
function TopicChip({ lookup }: { lookup: TopicLookup }) {
  const name = lookup.topic?.name;
  if (lookup.deleted)
    return (
      <span className={styles.nodeTopic} data-state="deleted" data-testid="card-topic">
        <span className="visually-hidden">, </span>
        <span aria-hidden="true">⚠ </span>Topic deleted
      </span>
    );
  return (
    <span className={styles.nodeTopic} data-testid="card-topic" title={name ? `Topic: ${name}` : undefined}>
      <span className="visually-hidden">, </span>
      Topic: {name ?? "…"}
    </span>
  );
}

const TriggerNode = memo(function TriggerNode() {
  const c = useCanvas();
  return (
    <NodeCard
      id="trigger"
      kind="Trigger"
      dataKind="trigger"
      text={triggerSummary(c.trigger, c.segmentName)}
      size={SIZES.trigger}
      target={false}
    />
  );
});

const BlockNode = memo(function BlockNode({ data }: NodeProps<Node<{ node: GraphNode }>>) {
  const c = useCanvas();
  const { block } = data.node as Extract<GraphNode, { kind: "block" }>;
  return (
    <NodeCard
      id={keyOf(block)}
      kind={blockKind(block)}
      dataKind={block.type}
      text={blockSummary(block, c.blocks)}
      size={SIZES.block}
      target
      topicID={block.type === "action" && block.action.type === "sendEmail" ? block.action.sendEmail.topicID : undefined}
    />
  );
});

function JoinNode() {
  return (
    <div className={styles.join} style={SIZES.join} aria-hidden="true">
      <Handle type="target" position={Position.Top} style={hidden} isConnectable={false} />
      <Handle type="source" position={Position.Bottom} style={hidden} isConnectable={false} />
    </div>
  );
}

function EndNode() {
  return (
    <div className={styles.end} style={SIZES.end}>
      <Handle type="target" position={Position.Top} style={hidden} isConnectable={false} />
      End
    </div>
  );
}

type GapData = { slot: Slot; label?: string; after: string };

function GapEdge({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data }: EdgeProps<Edge<GapData>>) {
  const c = useCanvas();
  const [path, labelX, labelY] = getSmoothStepPath({
    sourceX,
    sourceY,
    targetX,
    targetY,
    sourcePosition,
    targetPosition,
    borderRadius: 12,
  });
  const gap = data!;
  return (
    <>
      <BaseEdge id={id} path={path} className={styles.edge} />
      <EdgeLabelRenderer>
        <div className={`${styles.gap} nodrag nopan`} style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}>
          {gap.label && <span className={styles.branchLabel}>{gap.label}</span>}
          {!c.readOnly && (
            <button
              type="button"
              className={styles.addButton}
              onClick={() => c.onAdd(gap.slot, gap.after)}
              aria-label={`Add a step ${gap.after}`}
              data-flow-item
              tabIndex={c.current === id ? 0 : -1}
              onFocus={() => c.onFocusItem(id)}
            >
              +
            </button>
          )}
        </div>
      </EdgeLabelRenderer>
    </>
  );
}

const nodeTypes = { trigger: TriggerNode, block: BlockNode, join: JoinNode, end: EndNode };
const edgeTypes = { gap: GapEdge };

function describeGap(source: GraphNode | undefined, label: string | undefined, blocks: Block[], trigger: Trigger): string {
  if (!source) return "here";
  if (source.kind === "trigger") return `after the trigger (${triggerSummary(trigger)})`;
  if (source.kind === "join") return "after the branches join";
  if (source.kind === "block") {
    const words = blockSummary(source.block, blocks);
    return label ? `on the “${label}” branch of ${words}` : `after ${words}`;
  }
  return "here";
}

/** Fits the flow into view again when the canvas changes size (a narrow screen) or steps are added or removed. */
function FitOnResize({ target, count }: { target: React.RefObject<HTMLDivElement | null>; count: number }) {
  const flow = useReactFlow();
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      void flow.fitView({ padding: 0.15, maxZoom: 1 });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [flow, target]);
  useEffect(() => {
    void flow.fitView({ padding: 0.15, maxZoom: 1 });
  }, [flow, count]);
  return null;
}

/** The canvas's items in the order the flow runs: top to bottom, then left to right. */
function itemsInFlowOrder(canvas: HTMLElement): HTMLElement[] {
  const items = [...canvas.querySelectorAll<HTMLElement>("[data-flow-item]")].map((el) => ({ el, box: el.getBoundingClientRect() }));
  items.sort((a, b) => (Math.abs(a.box.top - b.box.top) > 4 ? a.box.top - b.box.top : a.box.left - b.box.left));
  return items.map((i) => i.el);
}

const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowDown: (at, count) => Math.min(at + 1, count - 1),
  ArrowRight: (at, count) => Math.min(at + 1, count - 1),
  ArrowUp: (at) => Math.max(at - 1, 0),
  ArrowLeft: (at) => Math.max(at - 1, 0),
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** Arrow keys between the items; the view pans to show the focused one (and the browser may not scroll the canvas itself). */
function KeyboardNavigation({ target }: { target: React.RefObject<HTMLDivElement | null> }) {
  const flow = useReactFlow();
  useEffect(() => {
    const canvas = target.current;
    if (!canvas) return;
    const reveal = (el: HTMLElement) => {
      for (const scrolled of canvas.querySelectorAll<HTMLElement>(".react-flow, .react-flow__renderer")) {
        scrolled.scrollTop = 0;
        scrolled.scrollLeft = 0;
      }
      const view = canvas.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      const margin = 16;
      const shift = (start: number, end: number, from: number, to: number) =>
        start < from + margin ? from + margin - start : end > to - margin ? Math.max(to - margin - end, from + margin - start) : 0;
      const dx = shift(box.left, box.right, view.left, view.right);
      const dy = shift(box.top, box.bottom, view.top, view.bottom);
      if (dx === 0 && dy === 0) return;
      const at = flow.getViewport();
      void flow.setViewport({ x: at.x + dx, y: at.y + dy, zoom: at.zoom }, { duration: 150 });
    };
    const onFocusIn = (e: FocusEvent) => {
      const el = e.target as HTMLElement;
      if (el.hasAttribute("data-flow-item")) reveal(el);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement;
      const move = MOVES[e.key];
      if (!move || !el.hasAttribute("data-flow-item") || e.altKey || e.ctrlKey || e.metaKey) return;
      const items = itemsInFlowOrder(canvas);
      const next = items[move(items.indexOf(el), items.length)];
      e.preventDefault();
      e.stopPropagation();
      if (next && next !== el) next.focus({ preventScroll: true });
    };
    canvas.addEventListener("focusin", onFocusIn);
    canvas.addEventListener("keydown", onKeyDown, true);
    return () => {
      canvas.removeEventListener("focusin", onFocusIn);
      canvas.removeEventListener("keydown", onKeyDown, true);
    };
  }, [flow, target]);
  return null;
}

export function FlowCanvas(props: CanvasContext) {
  const wrapper = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState("trigger");
  const { nodes, edges } = useMemo(() => {
    const graph = buildGraph(props.blocks);
    const at = layoutGraph(graph.nodes, graph.edges);
    const byId = new Map(graph.nodes.map((n) => [n.id, n]));
    return {
      nodes: graph.nodes.map((n) => ({
        id: n.id,
        type: n.kind,
        position: at.get(n.id)!,
        data: { node: n },
        draggable: false,
        selectable: false,
        focusable: false,
        ...SIZES[n.kind],
      })) as Node[],
      edges: graph.edges.map((e) => ({
        id: e.id,
        source: e.source,
        target: e.target,
        type: "gap",
        focusable: false,
        data: { slot: e.slot, label: e.label, after: describeGap(byId.get(e.source), e.label, props.blocks, props.trigger) },
      })) as Edge[],
    };
  }, [props.blocks, props.trigger]);
  // The Tab stop stays on the item last focused while it exists (a removed step hands it back to the trigger).
  const current = nodes.some((n) => n.id === focused) || edges.some((e) => e.id === focused) ? focused : "trigger";
  const hintId = useId();
  return (
    <Ctx.Provider value={{ ...props, current, onFocusItem: setFocused }}>
      <div className={styles.canvas} role="region" aria-label="Workflow" aria-describedby={hintId} ref={wrapper}>
        <p id={hintId} className={styles.canvasHint}>
          Arrow keys move between the steps, Enter opens one
        </p>
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          fitView
          fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
          minZoom={0.2}
          maxZoom={1.5}
          nodesDraggable={false}
          nodesConnectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          elementsSelectable={false}
          panOnScroll
        >
          <Controls showInteractive={false} position="top-right" />
          <FitOnResize target={wrapper} count={nodes.length} />
          <KeyboardNavigation target={wrapper} />
        </ReactFlow>
      </div>
    </Ctx.Provider>
  );
}
