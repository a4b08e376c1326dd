/**
 * `cn()` joins classes without resolving Tailwind conflicts (lib/utils.ts), so two classes that
 * set the same property on one element would leave the winner to the stylesheet's order. This
 * reads every component source and checks, with tailwind-merge's conflict rules (a dev-only
 * dependency here, never shipped), that no call site relies on merging:
 * - each `cn(...)` call's literal classes, in every combination of its conditions;
 * - every variant combination of the button;
 * - each literal `className` a call site gives a UI primitive, against the classes the primitive
 *   renders with that call site's other literal props.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { twMerge } from 'tailwind-merge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { RefusalNote } from '@/components/refusal-note';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select-native';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

// Rendered with whatever literal props a call site gives (the scan cannot type them).
const PRIMITIVES = {
  RefusalNote,
  Alert,
  AlertDescription,
  AlertTitle,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Input,
  Label,
  NativeSelect,
  Skeleton,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} as unknown as Record<string, ComponentType<Record<string, unknown>> | undefined>;

/** Props a primitive needs to render at all. */
const REQUIRED: Record<string, Record<string, unknown>> = {
  RefusalNote: { id: 'x', permission: { allowed: false, reason: 'x' } },
};

const MARKER = 'caller-marker';
const normal = (classes: string) => classes.trim().split(/\s+/).filter(Boolean).join(' ');
/** The classes tailwind-merge would drop from `classes` (empty: nothing conflicts). */
const dropped = (classes: string) => {
  const kept = new Set(twMerge(classes).split(' '));
  return normal(classes)
    .split(' ')
    .filter((name) => name !== '' && !kept.has(name));
};

const sources = execFileSync('git', ['ls-files', 'app/**/*.tsx', 'components/**/*.tsx'], { encoding: 'utf8' })
  .trim()
  .split('\n');

/** The class strings an expression can produce, as far as its literals tell (other parts: nothing). */
function alternatives(node: ts.Expression, source: ts.SourceFile): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return alternatives(node.expression, source);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    return ['', ...alternatives(node.right, source)];
  if (
    ts.isBinaryExpression(node) &&
    [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(node.operatorToken.kind)
  ) {
    return [...alternatives(node.left, source), ...alternatives(node.right, source)];
  }
  if (ts.isConditionalExpression(node))
    return [...alternatives(node.whenTrue, source), ...alternatives(node.whenFalse, source)];
  if (ts.isCallExpression(node) && node.expression.getText(source) === 'cn') {
    let combinations = [''];
    for (const argument of node.arguments) {
      const options = alternatives(argument, source);
      combinations = [...new Set(combinations.flatMap((done) => options.map((option) => `${done} ${option}`)))].slice(
        0,
        500,
      );
    }
    return combinations.map(normal);
  }
  return [''];
}

interface Finding {
  where: string;
  classes: string;
  dropped: string[];
}

function scan() {
  const cnCalls: Finding[] = [];
  const primitiveUses: Finding[] = [];
  let checkedUses = 0;
  for (const file of sources) {
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && node.expression.getText(source) === 'cn') {
        for (const classes of alternatives(node, source))
          cnCalls.push({ where: where(node), classes, dropped: dropped(classes) });
      }
      if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
        const primitive = PRIMITIVES[node.tagName.getText(source)];
        const attributes = node.attributes.properties.filter(ts.isJsxAttribute);
        const className = attributes.find((attribute) => attribute.name.getText(source) === 'className');
        if (primitive && className?.initializer) {
          const props: Record<string, unknown> = { ...REQUIRED[node.tagName.getText(source)], className: MARKER };
          for (const attribute of attributes) {
            const name = attribute.name.getText(source);
            if (name === 'className' || name === 'asChild') continue;
            if (!attribute.initializer) props[name] = true;
            else if (ts.isStringLiteral(attribute.initializer)) props[name] = attribute.initializer.text;
          }
          const html = renderToStaticMarkup(createElement(primitive, props));
          const own = new RegExp(`class="([^"]*\\b${MARKER}\\b[^"]*)"`).exec(html)?.[1];
          if (own === undefined)
            throw new Error(`${where(node)}: ${node.tagName.getText(source)} did not render its className`);
          const base = normal(own.replace(MARKER, ''));
          const initializer = className.initializer;
          const expression = ts.isJsxExpression(initializer) ? initializer.expression : initializer;
          if (expression) {
            checkedUses += 1;
            for (const classes of alternatives(expression, source)) {
              const joined = normal(`${base} ${classes}`);
              primitiveUses.push({ where: where(node), classes: joined, dropped: dropped(joined) });
            }
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { cnCalls, primitiveUses, checkedUses };
}

const { cnCalls, primitiveUses, checkedUses } = scan();

describe('class names are joined without conflicts', () => {
  it('reads the call sites (the scan is not empty)', () => {
    expect(cnCalls.length).toBeGreaterThan(40);
    expect(checkedUses).toBeGreaterThan(80);
  });

  it('no cn() call joins two classes for one property', () => {
    expect(cnCalls.filter((finding) => finding.dropped.length > 0)).toEqual([]);
  });

  it('no button variant combination sets a property twice', () => {
    const variants = ['default', 'secondary', 'destructive', 'outline', 'ghost', 'link'] as const;
    const sizes = ['sm', 'xs', 'tiny', 'default', 'lg', 'icon'] as const;
    const shapes = ['default', 'pill'] as const;
    const conflicts = variants.flatMap((variant) =>
      sizes
        .flatMap((size) => shapes.map((shape) => buttonVariants({ variant, size, shape })))
        .filter((classes) => dropped(classes).length > 0),
    );
    expect(conflicts).toEqual([]);
  });

  it('no call site gives a primitive a class its own classes already set', () => {
    expect(primitiveUses.filter((finding) => finding.dropped.length > 0)).toEqual([]);
  });

  it('tells a conflict when there is one', () => {
    expect(dropped('leading-none font-semibold text-base')).toEqual(['leading-none']);
    expect(dropped('w-full w-24')).toEqual(['w-full']);
  });
});
