// What the browser's script is given: the view a visitor may see (nothing else of the form), with the few
// fixed words the script shows besides the form's own texts.
import type { PublicFormView } from "@/lib/forms/public-view";

export type ClientView = Omit<PublicFormView, "colours"> & { topicsLegend: string; workingText: string; closeLabel: string };

/** The colours stay on the server: they reach the browser only through the checked stylesheet (styles.ts). */
export function clientView({ colours: _colours, ...view }: PublicFormView): ClientView {
  return {
    ...view,
    topicsLegend: "What would you like to hear about?",
    workingText: "Checking that you are a person…",
    closeLabel: "Close",
  };
}
