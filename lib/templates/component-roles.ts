// Which component roles a block type assigns, and which component type plays each role (published in
// the Block and BlockComponent descriptions): a discount block needs exactly one text discount_code and
// takes a button discount_button and a text discount_expiration_date; staticDiscount takes no button; a
// menu holds text menu_text items; a product holds product_* parts, its price/product_prices nesting
// text product_current_price and product_old_price. Blocks of other types nest components without roles.
// One published rule is not enforced: dynamicDiscount's required discount_button. Documents written
// before the published model have none, and inventing a link for them would ship a wrong one.
import { COMPONENT_ROLES, type BlockType, type ComponentRole } from "./schema/blocks";

type Rec = Record<string, unknown>;
type ComponentType = "text" | "button" | "image" | "price";
type RoleTable = Partial<Record<ComponentRole, readonly ComponentType[]>>;

const DISCOUNT: RoleTable = { discount_code: ["text"], discount_button: ["button"], discount_expiration_date: ["text"] };
const PRODUCT: RoleTable = {
  product_image: ["image"],
  product_title: ["text"],
  product_description: ["text"],
  product_prices: ["price"],
  product_price: ["text", "price"],
  product_button: ["button"],
};
const PRICES: RoleTable = { product_current_price: ["text"], product_old_price: ["text"] };

export const ROLES_BY_TYPE: Partial<Record<BlockType, RoleTable>> = {
  discount: DISCOUNT,
  dynamicDiscount: DISCOUNT,
  staticDiscount: { discount_code: ["text"], discount_expiration_date: ["text"] },
  menu: { menu_text: ["text"] },
  product: PRODUCT,
};
const ONE_AND_ONLY: Partial<Record<BlockType, ComponentRole>> = {
  discount: "discount_code",
  dynamicDiscount: "discount_code",
  staticDiscount: "discount_code",
};

export type RoleError = [path: (string | number)[], code: string, message: string];

function checkList(components: unknown, table: RoleTable | undefined, owner: string, at: (string | number)[], errors: RoleError[]) {
  if (!Array.isArray(components)) return;
  components.forEach((raw, i) => {
    const c = raw && typeof raw === "object" ? (raw as Rec) : undefined;
    if (!c) return;
    const here = [...at, "components", i];
    // An unknown role is the schema's error (invalid_value); the rules judge known roles only.
    if (typeof c.role === "string" && !(COMPONENT_ROLES as readonly string[]).includes(c.role)) return;
    const role = typeof c.role === "string" ? (c.role as ComponentRole) : undefined;
    if (role && table) {
      const types = table[role];
      if (!types) errors.push([[...here, "role"], "not_allowed", `${owner} takes the roles ${Object.keys(table).join(", ")}, not ${role}`]);
      else if (typeof c.type === "string" && !types.includes(c.type as ComponentType)) {
        errors.push([[...here, "type"], "invalid_value", `a ${role} component is of type ${types.join(" or ")}`]);
      }
    } else if (role && !table) {
      errors.push([[...here, "role"], "not_allowed", `${owner} assigns no roles: leave role out`]);
    } else if (!role && table) {
      errors.push([[...here, "role"], "required", `every component of ${owner} needs a role (${Object.keys(table).join(", ")})`]);
    }
    // An empty list nests nothing; only a list with components is judged.
    if (Array.isArray(c.components) && c.components.length > 0) {
      if (role === "product_prices") checkList(c.components, PRICES, "a product_prices component", here, errors);
      else errors.push([[...here, "components"], "not_allowed", "only a product_prices component nests components"]);
    }
  });
}

/** Role errors of one block, with paths relative to the block. */
export function componentRules(block: Rec): RoleError[] {
  const type = block.type as BlockType;
  const errors: RoleError[] = [];
  const table = ROLES_BY_TYPE[type];
  checkList(block.components, table, `a ${type} block`, [], errors);
  const only = ONE_AND_ONLY[type];
  if (only) {
    const count = (Array.isArray(block.components) ? block.components : []).filter((c) => (c as Rec | null)?.role === only).length;
    if (count === 0)
      errors.push([["components"], "required", `a ${type} block needs one text component with role ${only} (the code the recipient sees)`]);
    if (count > 1) errors.push([["components"], "duplicate", `a ${type} block has exactly one ${only} component`]);
  }
  return errors;
}
