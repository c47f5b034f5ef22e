// Data step: stored templates and universal layouts converted to the published shape.
export { up } from "../../../lib/templates/legacy/migrate-documents";
