// PLACEHOLDER until the public rendering lands (h-firewall): the script a website includes. It inserts
// the form (in a shadow root, so the host page's styles do not reach it) where the snippet's div is (or
// after the script), or as a popup on its trigger (a dialog: focus kept inside, Escape closes), and
// posts it as JSON to the form's endpoint (CORS).
import type { PublicFormView } from "../public-view";
import { formCss, formHtml } from "./render-page";

export function embedScript(view: PublicFormView): string {
  const data = JSON.stringify({ view, html: formHtml(view), css: formCss(view) }).replace(/</g, "\\u003c");
  return `(function(){var d=${data},v=d.view,me=document.currentScript;
function mount(host,popup){var root=host.attachShadow({mode:"open"});root.innerHTML="<style>"+d.css+(popup?".ik-back{position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:2147483647}.ik-close{float:right;background:none;border:0;font-size:1.5rem;cursor:pointer}":"")+"</style>"+(popup?"<div class=ik-back><div role=dialog aria-modal=true aria-label=\\""+v.title.replace(/"/g,"&quot;")+"\\"><button type=button class=ik-close aria-label=Close>&times;</button>"+d.html+"</div></div>":d.html);
var form=root.querySelector("form");form.addEventListener("submit",function(e){e.preventDefault();var body={};new FormData(form).forEach(function(val,k){if(k==="topicIDs"){(body.topicIDs=body.topicIDs||[]).push(val)}else body[k]=val});
fetch(v.actionURL,{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify(body)}).then(function(r){return r.json().then(function(j){return{ok:r.ok,j:j}})}).then(function(res){var p=root.querySelector(".ik-alert")||document.createElement("p");p.setAttribute("role",res.ok?"status":"alert");p.className="ik-alert";p.textContent=res.ok?(res.j.message||v.success):(res.j.detail||"Something went wrong");if(res.ok){form.replaceChildren(p)}else form.prepend(p)})});
if(popup){var close=function(){host.remove();document.removeEventListener("keydown",key)};var key=function(e){if(e.key==="Escape")close();if(e.key==="Tab"){var f=root.querySelectorAll("button,input:not([tabindex='-1'])"),a=f[0],z=f[f.length-1];if(e.shiftKey&&root.activeElement===a){e.preventDefault();z.focus()}else if(!e.shiftKey&&root.activeElement===z){e.preventDefault();a.focus()}}};
document.addEventListener("keydown",key);root.querySelector(".ik-close").onclick=close;var first=root.querySelector("input");if(first)first.focus()}}
function host(){var h=document.createElement("div");h.className="inkwell-form";return h}
if(v.mode!=="popup"){var h=host(),t=document.getElementById("inkwell-form-"+v.formID);if(t)t.appendChild(h);else me.parentNode.insertBefore(h,me.nextSibling);mount(h,false);return}
var shown=false;function show(){if(shown)return;shown=true;var h=host();document.body.appendChild(h);mount(h,true)}
var t=v.trigger||{type:"delay",seconds:5};if(t.type==="delay")setTimeout(show,t.seconds*1000);
else if(t.type==="exitIntent")document.addEventListener("mouseout",function(e){if(!e.relatedTarget&&e.clientY<=0)show()});
else window.addEventListener("scroll",function(){var s=document.documentElement;if((s.scrollTop+innerHeight)/s.scrollHeight*100>=t.percent)show()},{passive:true});
})();`;
}
