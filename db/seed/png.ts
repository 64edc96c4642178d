// Demo covers and test pictures are drawn with the ground floor's PNG writer (the e2e specs import it from here).
export { encodePng } from "@base/png";
