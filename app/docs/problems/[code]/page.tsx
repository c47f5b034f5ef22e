import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PROBLEM_HELP } from "@/lib/docs/problem-help";
import { PROBLEMS, type ProblemCode } from "@/lib/http/problems";

type Props = { params: Promise<{ code: string }> };

function problemFor(code: string) {
  return Object.hasOwn(PROBLEMS, code)
    ? { code: code as ProblemCode, ...PROBLEMS[code as ProblemCode], ...PROBLEM_HELP[code as ProblemCode] }
    : null;
}

// Unknown codes are a 404, not a page.
export const dynamicParams = false;

export function generateStaticParams() {
  return Object.keys(PROBLEMS).map((code) => ({ code }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const problem = problemFor((await params).code);
  return { title: problem ? `${problem.title} (problem)` : "Unknown problem type" };
}

export default async function ProblemPage({ params }: Props) {
  const problem = problemFor((await params).code);
  if (!problem) notFound();
  return (
    <article className="stack prose">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/docs">Docs</Link> <span aria-hidden="true">/</span> Problem types <span aria-hidden="true">/</span>{" "}
        <span aria-current="page">{problem.code}</span>
      </nav>
      <h1 className="page-title">{problem.title}</h1>
      <dl className="meta-list">
        <div>
          <dt>Code</dt>
          <dd>
            <code>{problem.code}</code>
          </dd>
        </div>
        <div>
          <dt>HTTP status</dt>
          <dd>{problem.status}</dd>
        </div>
      </dl>
      <h2 className="section-title">What it means</h2>
      <p>{problem.meaning}</p>
      <h2 className="section-title">How to fix it</h2>
      <p>{problem.fix}</p>
      <p className="muted">
        The response body is <code>application/problem+json</code> with <code>type</code>, <code>title</code>, <code>status</code>,{" "}
        <code>detail</code> and <code>instance</code> (the request id); see the <Link href="/docs/api/schemas/problem">Problem schema</Link>
        .
      </p>
    </article>
  );
}
