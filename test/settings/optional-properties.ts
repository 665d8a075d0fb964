/**
 * Finds the optional properties of a package's public inputs whose type does not take `undefined`:
 * under `exactOptionalPropertyTypes`, `{ seed: maybeSeed }` with `maybeSeed: X | undefined` is a
 * compile error (TS2379) unless the property is declared `seed?: X | undefined`. The public inputs
 * are the parameters of every exported function, of every exported class's constructor and public
 * methods, and of the methods of what an exported function returns (a client's `call`), and every
 * object type reachable from them through properties, unions, intersections and type arguments
 * (`backoff?: BackoffOptions | undefined`, `Observable<AccountSet>`), as far as the types are the
 * package's own (not rxjs's or Node's).
 */
import ts from 'typescript';

/** An optional property whose declared type does not take `undefined`. */
export interface StrictOptional {
  /** `Owner.property`. */
  readonly name: string;
  /** `file:line` of the property's declaration. */
  readonly where: string;
}

/** What a walk found: every optional property checked, and those that fail. */
export interface OptionalProperties {
  readonly checked: readonly string[];
  readonly failing: readonly StrictOptional[];
}

/**
 * The optional properties of the public inputs of `entries` (source files of `program`), where
 * `isOwn` tells the package's files from its dependencies'.
 *
 * @example
 * ```ts
 * const { failing } = optionalPropertiesOf(program, ['src/index.ts'], (file) => file.includes('/src/'));
 * ```
 */
export function optionalPropertiesOf(program: ts.Program, entries: readonly string[], isOwn: (fileName: string) => boolean): OptionalProperties {
  const checker = program.getTypeChecker();
  const seen = new Set<ts.Type>();
  const checked = new Set<string>();
  const failing = new Map<string, StrictOptional>();

  const own = (type: ts.Type): boolean => (type.aliasSymbol ?? type.getSymbol())?.declarations?.some((d) => isOwn(d.getSourceFile().fileName)) ?? false;

  // Under exactOptionalPropertyTypes, an optional property's type holds the compiler's "missing"
  // marker, which only looks like `undefined`: what the property takes is `undefined` itself.
  const undefinedType = checker.getUndefinedType();
  const acceptsUndefined = (type: ts.Type): boolean =>
    (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Void)) !== 0 || type === undefinedType || (type.isUnion() && type.types.includes(undefinedType));

  const checkProperty = (owner: ts.Type, property: ts.Symbol): void => {
    const name = `${checker.typeToString(owner)}.${property.getName()}`;
    checked.add(name);
    if (acceptsUndefined(checker.getTypeOfSymbol(property))) return;
    const declaration = property.declarations?.[0];
    const source = declaration?.getSourceFile();
    const where = declaration && source ? `${source.fileName}:${source.getLineAndCharacterOfPosition(declaration.getStart()).line + 1}` : '(no declaration)';
    failing.set(`${name} ${where}`, { name, where });
  };

  const walkType = (type: ts.Type): void => {
    if (seen.has(type)) return;
    seen.add(type);
    if (type.isUnionOrIntersection()) {
      for (const member of type.types) walkType(member);
      return;
    }
    if (type.flags & ts.TypeFlags.Object && (type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference) {
      for (const argument of checker.getTypeArguments(type as ts.TypeReference)) walkType(argument);
    }
    // A tuple's optional elements (`...args: [params?: P]`) take `undefined` whatever the setting.
    if (checker.isTupleType(type)) return;
    // The package's own properties, also where a mapped type (`Partial<Options>`) made them optional.
    for (const property of checker.getPropertiesOfType(type)) {
      if (!property.declarations?.some((d) => isOwn(d.getSourceFile().fileName))) continue;
      if (property.flags & ts.SymbolFlags.Optional) checkProperty(type, property);
      walkType(checker.getTypeOfSymbol(property));
    }
  };

  const walkSignature = (signature: ts.Signature): void => {
    for (const parameter of signature.getParameters()) walkType(checker.getTypeOfSymbol(parameter));
  };

  /** The methods of an object type: the signatures of its function-valued public properties. */
  const methodsOf = (type: ts.Type): ts.Signature[] =>
    checker
      .getPropertiesOfType(type)
      .filter((p) => p.valueDeclaration === undefined || !(ts.getCombinedModifierFlags(p.valueDeclaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)))
      .flatMap((p) => checker.getTypeOfSymbol(p).getCallSignatures());

  for (const entry of entries) {
    const file = program.getSourceFile(entry);
    const module = file && checker.getSymbolAtLocation(file);
    if (!module) throw new Error(`no module at ${entry}`);
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (symbol.flags & ts.SymbolFlags.Function) {
        for (const signature of checker.getTypeOfSymbol(symbol).getCallSignatures()) {
          walkSignature(signature);
          const returned = signature.getReturnType();
          if (own(returned)) methodsOf(returned).forEach(walkSignature);
        }
      }
      if (symbol.flags & ts.SymbolFlags.Class) {
        checker.getTypeOfSymbol(symbol).getConstructSignatures().forEach(walkSignature);
        methodsOf(checker.getDeclaredTypeOfSymbol(symbol)).forEach(walkSignature);
      }
    }
  }
  return { checked: [...checked].sort(), failing: [...failing.values()] };
}
